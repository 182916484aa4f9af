import { verifyMessage } from 'ethers';

/**
 * What a wallet proof authorises. The action and the id are part of the signed text, so a proof
 * for one payment, schedule or action is worth nothing for another.
 */
export type WalletProofAction = 'view-secure-payment' | 'cancel-recurring-payment' | 'unpause-recurring-payment';

/** A proof is accepted for 5 minutes after its timestamp (and up to 1 minute before it: clock skew). */
const WALLET_PROOF_MAX_AGE_MS = 5 * 60_000;
const WALLET_PROOF_MAX_SKEW_MS = 60_000;
/** The longest a proof can stay acceptable after its first use (signed up to 1 minute ahead, then 5 minutes). */
export const WALLET_PROOF_LIFETIME_MS = WALLET_PROOF_MAX_AGE_MS + WALLET_PROOF_MAX_SKEW_MS;

/** The headers that carry a proof: the EIP-191 signature and the timestamp it signed (ISO 8601). */
export const WALLET_PROOF_HEADER = 'x-wallet-proof';
export const WALLET_PROOF_TIMESTAMP_HEADER = 'x-wallet-proof-timestamp';

export interface WalletProof {
  signature: string;
  timestamp: string;
}

/**
 * The text a wallet signs with `personal_sign` (EIP-191) to prove control for one action on one
 * id. The hosted page builds it with the same function, so the server needs only the signature
 * and the timestamp.
 */
export function walletProofMessage(action: WalletProofAction, id: string, timestamp: string): string {
  return `Payrail wallet proof\nAction: ${action}\nId: ${id}\nTimestamp: ${timestamp}`;
}

export type WalletProofResult = { ok: true; wallet: string } | { ok: false; reason: string };

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The wallet that signed `walletProofMessage(action, id, timestamp)` (checksummed), or why the
 * proof is refused: a timestamp that is malformed, too old or in the future, or a signature that
 * is not a valid 65-byte EIP-191 signature. EVM wallets only (ethers' verifyMessage).
 */
export function verifyWalletProof(action: WalletProofAction, id: string, proof: WalletProof, now: Date): WalletProofResult {
  if (!ISO_8601.test(proof.timestamp)) return { ok: false, reason: `${WALLET_PROOF_TIMESTAMP_HEADER} must be an ISO 8601 UTC timestamp` };
  const age = now.getTime() - Date.parse(proof.timestamp);
  if (Number.isNaN(age) || age > WALLET_PROOF_MAX_AGE_MS || age < -WALLET_PROOF_MAX_SKEW_MS)
    return { ok: false, reason: 'Wallet proof has expired: sign a fresh timestamp (proofs are valid for 5 minutes)' };
  try {
    return { ok: true, wallet: verifyMessage(walletProofMessage(action, id, proof.timestamp), proof.signature) };
  } catch {
    return { ok: false, reason: `${WALLET_PROOF_HEADER} is not a valid wallet signature` };
  }
}
