import { feeAmount } from './fee.js';

/** Who absorbs a fee: the payer (paid on top of the amount) or the payee (taken from what it receives). */
export type FeeBearer = 'payer' | 'payee';

/** Where a fee's terms come from (the fee plan's `configSource`). */
export type FeeSource = 'platform' | 'orchestrator' | 'client_id';

/** One fee to charge on a payment: a percentage (decimal string, "2.5" = 2.5 %), an optional cap in token units, its bearer and recipient. */
export interface FeeTermsOf {
  source: FeeSource;
  percentage: string;
  /** The cap in the payment currency's base units (converted from USD by the caller), or null. */
  capUnits: bigint | null;
  bearer: FeeBearer;
  /** The recipient, canonical on the payment's network. */
  address: string;
}

/** A fee as charged, in base units of the payment currency. */
export interface ChargedFee extends FeeTermsOf {
  amount: bigint;
  /** True when the cap lowered the fee. */
  capped: boolean;
}

/** A fee-proxy fee slot: one address and the amount it receives. */
export interface FeeLeg {
  address: string;
  amount: bigint;
}

/**
 * How a payment of `gross` base units splits: what the payee receives (the fee proxy's `amount`),
 * the fee of the proxy call that pays the payee (`proxyFee`, one address per call as Request
 * Network's fee proxies take), and the fee of a second fee-proxy call to another recipient
 * (`secondFee`, null when every fee goes to one address).
 */
export interface FeeSplit {
  payeeAmount: bigint;
  proxyFee: FeeLeg | null;
  secondFee: FeeLeg | null;
  fees: ChargedFee[];
  payerBorne: bigint;
  payeeBorne: bigint;
}

/** A split that cannot be charged: payee-borne fees that take the whole amount. */
export class FeeSplitRefusal extends Error {}

/** Basis points as a percentage decimal string (250 -> "2.5", 7 -> "0.07", 10000 -> "100"). */
export function bpsToPercentage(bps: number): string {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new Error(`Not basis points from 0 to 10000: ${bps}`);
  const whole = Math.floor(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? `${whole}` : `${whole}.${fraction}`;
}

/** A USD amount in cents ("12.5" -> 1250n); null when it is not a non-negative decimal with at most 2 decimals. */
export function usdCents(value: string): bigint | null {
  const match = /^(0|[1-9][0-9]{0,15})(?:\.([0-9]{1,2}))?$/.exec(value);
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as a USD decimal string (1250n -> "12.50"). */
export const centsToUsd = (cents: bigint): string => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/**
 * A USD cap in a token's base units at the token's USD rate (`answer / 10^rateDecimals` USD per
 * token), rounded down: the capped fee is never worth more than the cap at that rate.
 */
export function capInTokenUnits(cents: bigint, rate: { answer: bigint; decimals: number }, tokenDecimals: number): bigint {
  if (rate.answer <= 0n) throw new Error('A USD rate must be positive');
  return (cents * 10n ** BigInt(rate.decimals) * 10n ** BigInt(tokenDecimals)) / (100n * rate.answer);
}

/**
 * The fees on a payment of `gross` base units. Each fee is its percentage of the gross, rounded
 * down, then lowered to its cap. Payer-borne fees are paid on top; payee-borne ones are deducted
 * from what the payee receives (refused when they take it all). Fees to the same address add up
 * into one leg; the first address (in `terms` order) rides the payee's fee-proxy call, a second
 * one gets its own call; more than two addresses cannot be paid and are refused.
 */
export function splitFees(gross: bigint, terms: readonly FeeTermsOf[]): FeeSplit {
  const fees = terms.map((t): ChargedFee => {
    const uncapped = feeAmount(gross, t.percentage);
    const capped = t.capUnits !== null && uncapped > t.capUnits;
    return { ...t, amount: capped ? t.capUnits! : uncapped, capped };
  });
  const charged = fees.filter((f) => f.amount > 0n);
  const payeeBorne = charged.filter((f) => f.bearer === 'payee').reduce((s, f) => s + f.amount, 0n);
  const payerBorne = charged.filter((f) => f.bearer === 'payer').reduce((s, f) => s + f.amount, 0n);
  if (payeeBorne >= gross) throw new FeeSplitRefusal('Payee-borne fees would take the whole amount');
  const legs: FeeLeg[] = [];
  for (const fee of charged) {
    const leg = legs.find((l) => sameAddress(l.address, fee.address));
    if (leg) leg.amount += fee.amount;
    else legs.push({ address: fee.address, amount: fee.amount });
  }
  if (legs.length > 2) throw new FeeSplitRefusal('At most two fee recipients can be paid on one payment');
  return { payeeAmount: gross - payeeBorne, proxyFee: legs[0] ?? null, secondFee: legs[1] ?? null, fees, payerBorne, payeeBorne };
}

const sameAddress = (a: string, b: string): boolean =>
  a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;
