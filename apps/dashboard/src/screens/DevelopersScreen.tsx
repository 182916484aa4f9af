import { getRouteApi } from '@tanstack/react-router';
import { ApiKeys } from '../components/ApiKeys';
import { ClientIds } from '../components/ClientIds';
import { FeeConfig } from '../components/FeeConfig';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { useSignedIn } from '../session/signed-in';

const route = getRouteApi('/developers');

/**
 * Developers: the platform's fee configuration (any session of the platform), Client IDs and API
 * keys, which the API lets a wallet session manage (an e-mail session reads a sentence why not).
 */
export function DevelopersScreen() {
  const session = useSignedIn();
  const { prefix, cursors } = route.useSearch();
  const navigate = route.useNavigate();
  const pages = cursorPages(cursors, (next) => void navigate({ search: (s) => ({ ...s, cursors: next }), resetScroll: false }));
  return (
    <section aria-labelledby="dev-title">
      <h1 id="dev-title">{t('nav.developers')}</h1>
      <FeeConfig />
      {session.kind === 'wallet' ? (
        <>
          <ClientIds />
          <ApiKeys
            prefix={prefix}
            pages={pages}
            onPrefix={(p) => void navigate({ search: { prefix: p }, replace: true, resetScroll: false })}
          />
        </>
      ) : (
        <p className="pr-card">{t('dev.wallet_only')}</p>
      )}
    </section>
  );
}
