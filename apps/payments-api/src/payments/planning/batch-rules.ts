import { type CurrencyRegistry, detectAddressKind, TRON_NETWORK } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import type { PaymentTerms, PlannedPayment } from './planned-payment.js';

/** The spec's message (Errors: batch submitted with TRON payees). */
export const TRON_BATCH_MESSAGE = 'Batch payments are not supported for TRON networks. Please submit individual payment requests.';
export const SAME_NETWORK_MESSAGE = 'All requests must be on the same network';

const badRequest = (field: string, message: string) => new PayrailError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

/** Batches are EVM only: a Tron payee or a Tron currency is refused with the spec's message. */
export function rejectTronTerms(registry: CurrencyRegistry, terms: readonly PaymentTerms[]): void {
  const at = terms.findIndex(
    (t) => detectAddressKind(t.payee) === 'tron' || registry.byId(t.paymentCurrency)?.network === TRON_NETWORK.name,
  );
  if (at >= 0) throw badRequest(`requests.${at}`, TRON_BATCH_MESSAGE);
}

/** Every payment of a batch on one EVM network (and not Tron). */
export function checkBatchNetwork(plans: readonly PlannedPayment[], field: string): void {
  const tron = plans.findIndex((p) => p.network.kind === 'tron');
  if (tron >= 0) throw badRequest(`${field}.${tron}`, TRON_BATCH_MESSAGE);
  const other = plans.findIndex((p) => p.network.name !== plans[0].network.name);
  if (other >= 0) throw badRequest(`${field}.${other}`, SAME_NETWORK_MESSAGE);
}

/**
 * The one fee address of a batch (the batch contract pays every fee to one address): the
 * address of the payments that carry a fee, which must all agree.
 */
export function batchFeeAddress(plans: readonly PlannedPayment[], field: string): string | null {
  const addresses = [...new Set(plans.filter((p) => p.fee.amount > 0n).map((p) => p.fee.address!.toLowerCase()))];
  if (addresses.length > 1) throw badRequest(field, 'All requests of a batch must pay their fee to the same fee address');
  return plans.find((p) => p.fee.amount > 0n)?.fee.address ?? null;
}

/**
 * Who receives a batch's fees and the batch contract's own batch fee: the batch's fee address
 * (given with or without a fee), else the payer (the batch fee then goes back to them), else
 * nobody (null).
 */
export function batchFeeRecipient(plans: readonly PlannedPayment[], payer: string | null): { address: string | null; field: string } {
  const address = batchFeeAddress(plans, 'feeAddress') ?? plans.find((p) => p.fee.address)?.fee.address ?? null;
  return address ? { address, field: 'feeAddress' } : { address: payer, field: 'payer' };
}
