import { Inject, Injectable } from '@nestjs/common';
import { detectAddressKind, isRateError, parseEvmAddress, type RateSource, usdTotal, type UsdRate } from '@payrail/chains';
import {
  bpsToPercentage,
  capInTokenUnits,
  centsToUsd,
  type ChargedFee,
  type FeeBearer,
  feePercentageBps,
  FeeSplitRefusal,
  type FeeTermsOf,
  isZeroPercentage,
  splitFees,
} from '@payrail/domain';
import { type FeeConfigRecord, FeeConfigsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { RATE_SOURCE } from '../payments.tokens.js';
import type { FeeEntryView, FeePlanView } from './fee-plan-view.js';
import { invalidField } from './invalid.js';
import type { FeeTerms, PlannedPayment } from './planned-payment.js';

/** Whose fees a payment pays: its platform, the orchestrator fixed on it, the Client ID's legacy fee (feeTermsFor). */
export interface FeeContext {
  platformId: string;
  orchestratorId: string | null;
  legacy: FeeTerms;
  flow: 'get_paid' | 'pay';
  defaultFeeBearer?: FeeBearer;
}

/** What fees are computed from: the gross amount in base units of a currency on its network. */
export type FeeBase = Pick<PlannedPayment, 'network' | 'currency' | 'amount'>;

/** A plan with its fees applied, and the fee plan (stored with the link when `charged`). */
export interface ResolvedFees<P extends FeeBase = PlannedPayment> {
  plan: P & Pick<PlannedPayment, 'fee' | 'secondFee'>;
  feePlan: FeePlanView;
  charged: boolean;
}

/** The body fields a refusal names: the gross amount and the payment currency. */
export interface FeeFields {
  amount: string;
  currency: string;
}

type Term = FeeTermsOf & { config: FeeConfigRecord | null };

/**
 * The server-side fee plan (Request Network moved fees off the link body): the Client ID's own fee
 * when it has one (the legacy `feePercentage`, payer-borne, it replaces the platform's), else the
 * platform's fee configuration; then the orchestrator's when the payment has one. Each fee is its
 * basis points of the gross amount, rounded down to a base unit, lowered to its USD cap converted
 * at the payment currency's USD rate (rounded down). Refusals are 400s naming `fields`.
 */
@Injectable()
export class FeeResolver {
  constructor(
    private readonly db: DataSource,
    @Inject(RATE_SOURCE) private readonly rates: RateSource,
  ) {}

  /** Applies the fees to a plan resolved without fees (its `amount` is the gross). */
  async apply<P extends FeeBase>(plan: P, context: FeeContext, fields: FeeFields): Promise<ResolvedFees<P>> {
    const terms = await this.terms(plan, context);
    const rate = await this.usdRate(
      plan,
      terms.some((t) => t.config?.usdCapCents != null),
      fields.currency,
    );
    for (const term of terms) {
      const cents = term.config?.usdCapCents ?? null;
      if (cents !== null) term.capUnits = capInTokenUnits(cents, rate!, plan.currency.decimals);
    }
    let split;
    try {
      split = splitFees(plan.amount, terms);
    } catch (error) {
      if (error instanceof FeeSplitRefusal) throw invalidField(fields.amount, `${fields.amount}: ${error.message}`);
      throw error;
    }
    const slot = split.proxyFee;
    const slotPercentage = terms.find((t) => slot !== null && t.address === slot.address)?.percentage ?? null;
    const applied = {
      ...plan,
      amount: split.payeeAmount,
      fee: { percentage: slot ? slotPercentage : null, amount: slot?.amount ?? 0n, address: slot?.address ?? null },
      secondFee: split.secondFee,
    };
    const usd = (units: bigint) => (rate ? usdTotal([{ units, decimals: plan.currency.decimals, rate }]) : null);
    const fees = split.fees.map((fee) => entryOf(fee, terms.find((t) => t.source === fee.source)?.config ?? null, usd));
    const total = split.payerBorne + split.payeeBorne;
    const feePlan: FeePlanView = {
      version: 1,
      flow: context.flow,
      defaultFeeBearer: context.defaultFeeBearer ?? 'payer',
      grossAmountUsd: usd(plan.amount + split.payerBorne),
      netRecipientAmountUsd: usd(split.payeeAmount),
      payerTotalAmountUsd: usd(plan.amount + split.payerBorne),
      totalFeesUsd: usd(total),
      payeeBorneFeesUsd: usd(split.payeeBorne),
      payerBorneFeesUsd: usd(split.payerBorne),
      fees,
    };
    return { plan: applied, feePlan, charged: total > 0n };
  }

  private async terms(plan: FeeBase, context: FeeContext): Promise<Term[]> {
    const configs = new FeeConfigsRepository(this.db.manager);
    const terms: Term[] = [];
    const { legacy } = context;
    if (legacy.percentage !== null && !isZeroPercentage(legacy.percentage)) {
      if (legacy.address === null) throw invalidField('feeAddress', 'feeAddress is required when a fee is set');
      const address = canonicalOn(plan, legacy.address);
      if (address === null) throw invalidField('feeAddress', `feeAddress must be an address of ${plan.network.name}'s kind`);
      terms.push({ source: 'client_id', percentage: legacy.percentage, capUnits: null, bearer: 'payer', address, config: null });
    } else {
      const platform = await configs.of({ kind: 'platform', platformId: context.platformId });
      const term = termOf('platform', platform, plan);
      if (term) terms.push(term);
    }
    if (context.orchestratorId !== null) {
      const orchestrator = await configs.of({ kind: 'orchestrator', orchestratorId: context.orchestratorId });
      const term = termOf('orchestrator', orchestrator, plan);
      if (term) terms.push(term);
    }
    return terms;
  }

  /** The payment currency's USD rate; required (else a 400) when a cap must be converted, else null when unavailable. */
  private async usdRate(plan: FeeBase, required: boolean, field: string): Promise<UsdRate | null> {
    try {
      return await this.rates.usdRate(plan.network.name, plan.currency.id);
    } catch (error) {
      if (!required) return null;
      if (isRateError(error, 'NO_FEED'))
        throw invalidField(field, `${field}: a fee cap is set in USD and ${plan.currency.id} has no USD rate to apply it`);
      throw error;
    }
  }
}

/** An active, non-zero configuration with an address for the payment's network kind. */
function termOf(source: 'platform' | 'orchestrator', config: FeeConfigRecord | null, plan: FeeBase): Term | null {
  if (config === null || config.status !== 'active' || config.bps === 0) return null;
  const configured = plan.network.kind === 'tron' ? config.tronRecipientAddress : config.evmRecipientAddress;
  if (configured === null) return null;
  const address = canonicalOn(plan, configured);
  if (address === null) return null;
  return { source, percentage: bpsToPercentage(config.bps), capUnits: null, bearer: config.feeBearer, address, config };
}

const canonicalOn = (plan: FeeBase, address: string): string | null => {
  if (detectAddressKind(address) !== plan.network.kind) return null;
  return plan.network.kind === 'evm' ? (parseEvmAddress(address) ?? null) : address;
};

function entryOf(fee: ChargedFee, config: FeeConfigRecord | null, usd: (units: bigint) => string | null): FeeEntryView {
  const legacy = fee.source === 'client_id';
  const kind = detectAddressKind(fee.address);
  return {
    type: fee.source === 'orchestrator' ? 'orchestrator' : 'platform',
    label: fee.source === 'orchestrator' ? 'Orchestrator fee' : 'Platform fee',
    feeBearer: fee.bearer,
    feeBearerSource: 'fee_config',
    percentageBps: legacy ? feePercentageBps(fee.percentage) : config!.bps,
    capUsd: config?.usdCapCents != null ? centsToUsd(config.usdCapCents) : null,
    calculatedAmountUsd: usd(fee.amount),
    destinationResolver: legacy ? 'fee_address' : 'fee_config_address',
    destinationRef: legacy
      ? { evmAddress: kind === 'evm' ? fee.address : null, tronAddress: kind === 'tron' ? fee.address : null }
      : { evmAddress: config!.evmRecipientAddress, tronAddress: config!.tronRecipientAddress },
    configSource: legacy ? 'client_id' : fee.source === 'orchestrator' ? 'orchestrator_fee_config' : 'platform_fee_config',
    fixedAmountUsd: null,
  };
}
