import type { Session } from '../api';
import { ApiKeys } from '../components/ApiKeys';
import { ClientIds } from '../components/ClientIds';
import { t } from '../messages';

/** Developers: Client IDs and API keys, which the API lets a wallet session manage (an e-mail session reads a sentence why not). */
export function DevelopersScreen({ session }: { session: Session }) {
  return (
    <section aria-labelledby="dev-title">
      <h1 id="dev-title">{t('nav.developers')}</h1>
      {session.kind === 'wallet' ? (
        <>
          <ClientIds />
          <ApiKeys />
        </>
      ) : (
        <p className="pr-card">{t('dev.wallet_only')}</p>
      )}
    </section>
  );
}
