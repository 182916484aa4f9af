import { createCatalogue } from '@payrail/web';

/** Every string the dashboard shows. */
export const MESSAGES = {
  'app.name': 'Payrail',
  'app.loading': 'Loading…',
  'signin.title': 'Sign in to Payrail',
  'signin.email': 'Email',
  'signin.password': 'Password',
  'signin.submit': 'Sign in',
  'signin.register': 'Create account',
  'signin.wallet': 'Sign in with wallet',
  'signin.wallet_soon': 'Signing in with a wallet is not available yet: use your e-mail and password.',
  'signin.failed': 'Sign-in failed: {reason}',
  'signin.registered': 'Account created. Open the link in the e-mail we sent to {email}, then sign in.',
  'nav.label': 'Main',
  'nav.payments': 'Payments',
  'nav.links': 'Payment links',
  'nav.recurring': 'Recurring',
  'nav.webhooks': 'Webhooks',
  'nav.developers': 'Developers',
  'nav.payers': 'Payers',
  'nav.signout': 'Sign out',
  'session.signed_in_as': 'Signed in as {who}',
  'placeholder.body': 'This page is coming soon.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export const t = createCatalogue(MESSAGES);
