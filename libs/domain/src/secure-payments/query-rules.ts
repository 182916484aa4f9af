import type { FieldError } from '../errors.js';

export const SOURCE_TOKENS = ['USDC', 'USDT', 'EURC', 'USDT0'] as const;
/** A cross-chain source token as the secure-payment query names it. */
export type SourceToken = (typeof SOURCE_TOKENS)[number];

export function isSourceToken(value: unknown): value is SourceToken {
  return typeof value === 'string' && (SOURCE_TOKENS as readonly string[]).includes(value);
}

export const SOURCE_CHAINS = ['BASE', 'OPTIMISM', 'ARBITRUM', 'ETHEREUM', 'POLYGON', 'BNB'] as const;

export interface SecurePaymentQuery {
  token?: string;
  chain?: string;
  wallet?: string;
  eoaWallet?: string;
  isSafe?: string;
}

/**
 * The spec's query rules of GET secure payment by token, as field errors (empty when valid):
 * enums, `token` only together with `chain`, `eoaWallet` and `isSafe` mutually exclusive,
 * `isSafe=true` requires `wallet`, and wallet addresses valid (`isAddress`: EVM or Tron).
 */
export function securePaymentQueryErrors(query: SecurePaymentQuery, isAddress: (value: string) => boolean): FieldError[] {
  const errors: FieldError[] = [];
  const { token, chain, wallet, eoaWallet, isSafe } = query;
  if (token !== undefined && !isSourceToken(token))
    errors.push({ field: 'token', message: `token must be one of ${SOURCE_TOKENS.join(', ')}` });
  if (chain !== undefined && !(SOURCE_CHAINS as readonly string[]).includes(chain))
    errors.push({ field: 'chain', message: `chain must be one of ${SOURCE_CHAINS.join(', ')}` });
  if (token !== undefined && chain === undefined) errors.push({ field: 'token', message: 'token must be sent together with chain' });
  if (isSafe !== undefined && isSafe !== 'true' && isSafe !== 'false')
    errors.push({ field: 'isSafe', message: 'isSafe must be "true" or "false"' });
  if (eoaWallet !== undefined && isSafe !== undefined)
    errors.push({ field: 'eoaWallet', message: 'eoaWallet and isSafe are mutually exclusive' });
  if (isSafe === 'true' && wallet === undefined)
    errors.push({ field: 'wallet', message: 'wallet (the multisig address) is required when isSafe is true' });
  for (const [field, value] of [
    ['wallet', wallet],
    ['eoaWallet', eoaWallet],
  ] as const) {
    if (value !== undefined && !isAddress(value)) errors.push({ field, message: `${field} must be an EVM (0x...) or Tron (T...) address` });
  }
  return errors;
}
