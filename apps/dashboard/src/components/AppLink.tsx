import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../routes';

/** A real link (opens in a new tab, keyboard-reachable) that navigates inside the app on a plain click. */
export function AppLink({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={to} onClick={click} />;
}
