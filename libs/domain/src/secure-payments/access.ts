import { createHash } from 'node:crypto';

/**
 * A payer wallet as the access policy compares it and as access_rejected reports it: EVM
 * addresses lowercased, Tron (base58, case-significant) addresses kept as given.
 */
export function canonicalPayerWallet(address: string): string {
  return address.startsWith('0x') || address.startsWith('0X') ? address.toLowerCase() : address;
}

/** Whether `wallet` may pay under an allowlist (no list, or an empty one, allows everyone). */
export function payerAllowed(allowed: readonly string[] | null | undefined, wallet: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const wanted = canonicalPayerWallet(wallet);
  return allowed.some((a) => canonicalPayerWallet(a) === wanted);
}

/**
 * A wallet address as user events carry it: sha256 of the canonical address, hex. Never the
 * raw address (spec: secure_payment.user_event).
 */
export function hashWalletAddress(address: string): string {
  return createHash('sha256').update(canonicalPayerWallet(address)).digest('hex');
}

/** A masked address: the first 6 and last 4 characters, the middle elided (`0x1234…abcd`). */
export function maskAddress(address: string): string {
  return address.length <= 10 ? '…' : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
