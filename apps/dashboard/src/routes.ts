import { useEffect, useState } from 'react';
import type { MessageKey } from './messages';

/** The dashboard's sections: path and the nav label's catalogue key. */
export const SECTIONS: readonly { path: string; label: MessageKey }[] = [
  { path: '/payments', label: 'nav.payments' },
  { path: '/payment-links', label: 'nav.links' },
  { path: '/recurring', label: 'nav.recurring' },
  { path: '/webhooks', label: 'nav.webhooks' },
  { path: '/developers', label: 'nav.developers' },
  { path: '/payers', label: 'nav.payers' },
];

const NAVIGATED = 'payrail:navigated';

/** Moves to a path inside the app (history API; no router library). */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
  window.scrollTo(0, 0);
}

/** The current path, following navigate() and the browser's back/forward. */
export function usePath(): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return path;
}
