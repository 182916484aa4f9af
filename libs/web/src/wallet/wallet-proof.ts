/**
 * The text a payer's wallet signs (EIP-191 personal_sign) to prove it controls an address on a
 * hosted page: the same format as `walletProofMessage` in libs/permits (docs/api/secure-payments.md,
 * "Wallet proof"), rebuilt and verified by the server. Sent as `x-wallet-proof` +
 * `x-wallet-proof-timestamp`; valid from 1 minute before to 5 minutes after the timestamp.
 */
export function walletProofMessage(action: 'view-secure-payment', id: string, timestamp: string): string {
  return `Payrail wallet proof\nAction: ${action}\nId: ${id}\nTimestamp: ${timestamp}`;
}
