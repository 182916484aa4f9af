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
