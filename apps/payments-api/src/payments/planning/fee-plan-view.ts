import type { FeeBearer } from '@payrail/domain';

/** Spec: fee entry of a fee plan (Request Network's FeePlan fee). */
export interface FeeEntryView {
  /** `platform` (the platform's or its Client ID's fee) or `orchestrator`. */
  type: 'platform' | 'orchestrator';
  label: string;
  feeBearer: FeeBearer;
  /** Every Payrail fee names its bearer in its configuration. */
  feeBearerSource: 'fee_config';
  percentageBps: number;
  /** The configured cap in USD, or null. */
  capUsd: string | null;
  calculatedAmountUsd: string | null;
  /** `fee_address`: the Client ID's fee address; `fee_config_address`: the configuration's address for the network's kind. */
  destinationResolver: 'fee_address' | 'fee_config_address';
  destinationRef: { evmAddress: string | null; tronAddress: string | null };
  configSource: 'client_id' | 'platform_fee_config' | 'orchestrator_fee_config';
  /** No fixed part. */
  fixedAmountUsd: null;
}

/** Spec: fee plan. USD strings are null when the payment currency has no usable USD rate. */
export interface FeePlanView {
  version: 1;
  flow: 'get_paid' | 'pay';
  defaultFeeBearer: FeeBearer;
  grossAmountUsd: string | null;
  netRecipientAmountUsd: string | null;
  payerTotalAmountUsd: string | null;
  totalFeesUsd: string | null;
  payeeBorneFeesUsd: string | null;
  payerBorneFeesUsd: string | null;
  fees: FeeEntryView[];
}
