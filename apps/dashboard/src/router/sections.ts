import type { MessageKey } from '../messages';

/** The dashboard's sections, in the navigation's order: path (a route of router/routes.tsx) and the label's catalogue key. */
export const SECTIONS = [
  { path: '/payments', label: 'nav.payments' },
  { path: '/payment-links', label: 'nav.links' },
  { path: '/recurring', label: 'nav.recurring' },
  { path: '/webhooks', label: 'nav.webhooks' },
  { path: '/developers', label: 'nav.developers' },
  { path: '/payers', label: 'nav.payers' },
  { path: '/destinations', label: 'nav.destinations' },
  { path: '/exceptions', label: 'nav.exceptions' },
  { path: '/reconciliation', label: 'nav.reconciliation' },
] as const satisfies readonly { path: string; label: MessageKey }[];
