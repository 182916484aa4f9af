import { Button, shortAddress } from '@payrail/web';
import { Link, Outlet } from '@tanstack/react-router';
import type { Session } from '../api';
import { t } from '../messages';
import { useSignOut } from '../queries/session';
import { SECTIONS } from '../router/sections';
import { useSignedIn } from '../session/signed-in';
import { IdleWarning } from './IdleWarning';
import { WalletConnection } from './WalletConnection';

/** The router's root: header, the `nav` landmark (the current section marked `aria-current="page"`) and the route's screen. */
export function Shell() {
  const session = useSignedIn();
  const signOut = useSignOut();
  return (
    <div className="shell">
      <a className="skip" href="#content">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('app.name')}</span>
        <span className="who">{t('session.signed_in_as', { who: whoOf(session) })}</span>
        {session.wallet?.kind === 'evm' && <WalletConnection address={session.wallet.address} />}
        <Button variant="secondary" onClick={() => signOut.mutate()}>
          {t('nav.signout')}
        </Button>
      </header>
      <nav aria-label={t('nav.label')} className="sidenav">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              {/* Active on the section and below it (/payments/… marks Payments), whatever the filters. */}
              <Link to={s.path} activeOptions={{ includeSearch: false }}>
                {t(s.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" id="content">
        <IdleWarning session={session} />
        <Outlet />
      </main>
    </div>
  );
}

function whoOf(session: Session): string {
  if (session.user.email) return session.user.email;
  return session.wallet ? shortAddress(session.wallet.address) : session.user.id;
}
