import { createCatalogue } from '@payrail/web';

/** Every string the payment page shows (keys follow the API's multicall messageKey style). */
export const MESSAGES = {
  'page.title': 'Payment',
  'page.loading': 'Loading the payment…',
  'page.not_found.title': 'Payment not found',
  'page.not_found.body': 'Check the link you were given, or ask the sender for a new one.',
  'page.load_failed': 'The payment could not be loaded: {reason}. Reload the page to try again.',
  'page.multicall_unsupported': 'This page cannot pay a multicall payout yet',
  'payment.amount': 'Amount',
  'payment.network': 'Network',
  'payment.payee': 'Pay to',
  'payment.reference': 'Reference',
  'payment.status': 'Status',
  'payment.logo_alt': 'Logo of the payee',
  'payment.terms': 'Terms',
  'payment.privacy': 'Privacy',
  'wallet.connect': 'Connect wallet',
  'wallet.connecting': 'Connecting…',
  'wallet.connected': 'Connected: {address}',
  'wallet.disconnect': 'Disconnect',
  'wallet.none': 'No browser wallet was found. Install one (for example MetaMask) and reload the page.',
  'wallet.failed': 'The wallet did not connect: {reason}. Try again.',
} as const;

export const t = createCatalogue(MESSAGES);
