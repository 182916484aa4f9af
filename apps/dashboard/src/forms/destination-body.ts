import { z } from 'zod';
import type { PaymentsSchemas } from '../api';
import { optionalText, required } from './validation';

/** The "Add destination" form: the wallet (empty: the signed-in wallet), the destination currency id, a label. */
export const destinationForm = z.object({
  walletAddress: optionalText,
  currency: required.max(100),
  label: optionalText.max(100).regex(/^[^<>]*$/, 'form.no_markup'),
});
export type DestinationValues = z.output<typeof destinationForm>;

export const emptyDestination = (): DestinationValues => ({ walletAddress: '', currency: '', label: '' });

/** POST /v2/payee-destination: trimmed; the wallet and label only when given (the API defaults the wallet to the session's). */
export function createDestinationBody(v: DestinationValues): PaymentsSchemas['CreatePayeeDestinationDto'] {
  return {
    currency: v.currency.trim(),
    ...(v.walletAddress ? { walletAddress: v.walletAddress } : {}),
    ...(v.label ? { label: v.label } : {}),
  };
}

/** Symbols a payee destination may receive (USDC or USDT, and the sepolia test stand-ins). */
const DESTINATION_SYMBOLS = new Set(['USDC', 'USDCn', 'USDT', 'fUSDC', 'fUSDT']);

/** The currencies the form offers: tokens of a destination symbol. */
export const isDestinationOption = (c: { symbol: string; type: string }): boolean =>
  DESTINATION_SYMBOLS.has(c.symbol) && (c.type === 'ERC20' || c.type === 'TRC20');
