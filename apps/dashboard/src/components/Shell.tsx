import { Button, shortAddress } from '@payrail/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Session, SESSION_KEY, useApis } from '../api';
import { t } from '../messages';
import { SECTIONS, usePath } from '../routes';
import { DevelopersScreen } from '../screens/DevelopersScreen';
import { PayersScreen } from '../screens/PayersScreen';
import { PaymentDetailScreen } from '../screens/PaymentDetailScreen';
import { PaymentLinksScreen } from '../screens/PaymentLinksScreen';
import { PaymentsScreen } from '../screens/PaymentsScreen';
import { RecurringScreen } from '../screens/RecurringScreen';
import { WebhooksScreen } from '../screens/WebhooksScreen';
import { AppLink } from './AppLink';
import { IdleWarning } from './IdleWarning';

/** Header, the `nav` landmark and the current section's screen. */
export function Shell({ session }: { session: Session }) {
  const { auth } = useApis();
  const queries = useQueryClient();
  const path = usePath();
  const signOut = useMutation({
    mutationFn: async () => void (await auth.POST('/v1/auth/logout')),
    onSettled: () => {
      // Signed out: nothing of this platform stays cached (the session query, observed by App, is set, not removed).
      queries.setQueryData(SESSION_KEY, null);
      queries.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
  });
  const current = SECTIONS.find((s) => path === s.path || path.startsWith(`${s.path}/`)) ?? SECTIONS[0];
  return (
    <div className="shell">
      <a className="skip" href="#content">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('app.name')}</span>
        <span className="who">{t('session.signed_in_as', { who: whoOf(session) })}</span>
        <Button variant="secondary" onClick={() => signOut.mutate()}>
          {t('nav.signout')}
        </Button>
      </header>
      <nav aria-label={t('nav.label')} className="sidenav">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <AppLink to={s.path} aria-current={s === current ? 'page' : undefined}>
                {t(s.label)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" id="content">
        <IdleWarning session={session} />
        {screenOf(path, session)}
      </main>
    </div>
  );
}

function screenOf(path: string, session: Session): ReactNode {
  const detail = /^\/payments\/([^/]+)$/.exec(path);
  if (detail?.[1]) return <PaymentDetailScreen requestId={decodeURIComponent(detail[1])} />;
  if (path.startsWith('/payment-links')) return <PaymentLinksScreen session={session} />;
  if (path.startsWith('/recurring')) return <RecurringScreen />;
  if (path.startsWith('/webhooks')) return <WebhooksScreen session={session} />;
  if (path.startsWith('/developers')) return <DevelopersScreen session={session} />;
  if (path.startsWith('/payers')) return <PayersScreen />;
  return <PaymentsScreen />;
}

function whoOf(session: Session): string {
  const wallet = session.wallet as { address?: unknown } | null;
  if (session.user.email) return session.user.email;
  return typeof wallet?.address === 'string' ? shortAddress(wallet.address) : session.user.id;
}
