import { Button } from '@payrail/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useState } from 'react';
import { type Session, useApis } from '../api';
import { t } from '../messages';
import { SECTIONS } from '../routes';
import { PlaceholderScreen } from '../screens/PlaceholderScreen';

/** Header, the `nav` landmark and the current section (history-API routing, no router library yet). */
export function Shell({ session }: { session: Session }) {
  const { auth } = useApis();
  const queries = useQueryClient();
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const signOut = useMutation({
    mutationFn: async () => void (await auth.POST('/v1/auth/logout')),
    onSettled: () => queries.invalidateQueries({ queryKey: ['session'] }),
  });
  const current = SECTIONS.find((s) => s.path === path) ?? SECTIONS[0];
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    window.history.pushState(null, '', to);
    setPath(to);
  };
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">{t('app.name')}</span>
        <span>{t('session.signed_in_as', { who: whoOf(session) })}</span>
        <Button variant="secondary" onClick={() => signOut.mutate()}>
          {t('nav.signout')}
        </Button>
      </header>
      <nav aria-label={t('nav.label')} className="sidenav">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <a href={s.path} aria-current={s === current ? 'page' : undefined} onClick={go(s.path)}>
                {t(s.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        <PlaceholderScreen title={t(current.label)} />
      </main>
    </div>
  );
}

function whoOf(session: Session): string {
  const wallet = session.wallet as { address?: unknown } | null;
  return session.user.email ?? (typeof wallet?.address === 'string' ? wallet.address : session.user.id);
}
