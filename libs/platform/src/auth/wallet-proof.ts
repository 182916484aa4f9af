import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import {
  verifyWalletProof,
  WALLET_PROOF_HEADER,
  WALLET_PROOF_TIMESTAMP_HEADER,
  type WalletProof,
  type WalletProofAction,
} from '@payrail/permits';
import type { Request } from 'express';

/**
 * The wallet proof a request carries (`x-wallet-proof` + `x-wallet-proof-timestamp`), or
 * undefined when it carries neither. One without the other is a 400 naming the missing header.
 */
export const PresentedWalletProof = createParamDecorator((_data: unknown, ctx: ExecutionContext): WalletProof | undefined => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const read = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const signature = read(WALLET_PROOF_HEADER);
  const timestamp = read(WALLET_PROOF_TIMESTAMP_HEADER);
  if (signature === undefined && timestamp === undefined) return undefined;
  if (signature === undefined || timestamp === undefined) {
    const field = signature === undefined ? WALLET_PROOF_HEADER : WALLET_PROOF_TIMESTAMP_HEADER;
    throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${field} is required with a wallet proof`, {
      fields: [{ field, message: `${field} is required with a wallet proof` }],
    });
  }
  return { signature, timestamp };
});

/**
 * The wallet that proved control for `action` on `id` (checksummed EVM address). A proof that
 * does not verify (bad signature, stale or malformed timestamp) is 401: it is a credential.
 */
export function provenWallet(action: WalletProofAction, id: string, proof: WalletProof, now = new Date()): string {
  const result = verifyWalletProof(action, id, proof, now);
  if (!result.ok) throw new PayrailError('UNAUTHENTICATED', result.reason);
  return result.wallet;
}
