import { effectiveStatus, formatAmount, hasBeenPaid, type SecurePaymentStatus } from '@payrail/domain';
import type { RequestEntity, SecurePaymentEntity } from '@payrail/persistence';
import { brandingOf } from './branding.js';
import { feePlanOf, type FeePlanView } from './fee-plan.js';
import type { MulticallAnalyticsView } from './multicall-analytics.js';
import type { RequestUsdRates } from './usd-rates.js';

type BlockReason = 'not_found' | 'already_paid' | 'expired' | 'invalidated' | 'compliance_failed';

export interface ChildContextView {
  requestId: string;
  securePaymentToken: string | null;
  position: number;
  hasBeenPaid: boolean;
  securePaymentStatus: SecurePaymentStatus | null;
  requestStatus: string | null;
  expiresAt: string | null;
  network: string | null;
  currency: string | null;
}

export interface MulticallChildView {
  securePaymentToken: string;
  requestId: string;
  position: number;
  executable: boolean;
  blockReason: BlockReason | null;
  messageKey: string | null;
  context: ChildContextView;
  recoveryAction: 'remove_child' | null;
  feePlan: FeePlanView | null;
  amount: string | null;
  payee: string | null;
  reference: string | null;
}

/** Why a child cannot be paid now (null: it can). */
function blockReasonOf(child: SecurePaymentEntity | undefined, request: RequestEntity | undefined, now: Date): BlockReason | null {
  if (!child || !request) return 'not_found';
  if (hasBeenPaid(request.status)) return 'already_paid';
  const status = effectiveStatus(child.status, child.expiresAt, now);
  return status === 'expired' || status === 'invalidated' || status === 'compliance_failed' ? status : null;
}

export function childView(
  position: number,
  requestId: string,
  child: SecurePaymentEntity | undefined,
  request: RequestEntity | undefined,
  now: Date,
  rates: RequestUsdRates,
  mask: (address: string) => string = (a) => a,
): MulticallChildView {
  const blockReason = blockReasonOf(child, request, now);
  return {
    securePaymentToken: child?.token ?? '',
    requestId,
    position,
    executable: blockReason === null,
    blockReason,
    messageKey: blockReason && `multicall.child.${blockReason}`,
    context: {
      requestId,
      securePaymentToken: child?.token ?? null,
      position,
      hasBeenPaid: request ? hasBeenPaid(request.status) : false,
      securePaymentStatus: child ? effectiveStatus(child.status, child.expiresAt, now) : null,
      requestStatus: request?.status ?? null,
      expiresAt: child?.expiresAt.toISOString() ?? null,
      network: request?.network ?? null,
      currency: request?.paymentCurrency ?? null,
    },
    // A paid child needs nothing; a child that can no longer be paid is taken out of the batch.
    recoveryAction: blockReason === null || blockReason === 'already_paid' ? null : 'remove_child',
    feePlan: request ? feePlanOf(request, rates, mask) : null,
    amount: request ? formatAmount(request.expectedAmount, request.currencyDecimals) : null,
    payee: request ? mask(request.payee) : null,
    reference: child?.reference ?? null,
  };
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** totals: counts, the amount per destination currency, and the amount summary (fees on top, borne by the payer). */
export function totalsOf(children: MulticallChildView[], requests: RequestEntity[]) {
  const decimals = requests[0]?.currencyDecimals ?? 0;
  const fmt = (v: bigint) => formatAmount(v, decimals);
  const net = sum(requests.map((r) => r.expectedAmount));
  const fees = sum(requests.map((r) => r.feeAmount));
  const byCurrency = new Map<string, { network: string; currency: string; total: bigint }>();
  for (const r of requests) {
    const key = `${r.network}:${r.paymentCurrency}`;
    const entry = byCurrency.get(key) ?? { network: r.network, currency: r.paymentCurrency, total: 0n };
    entry.total += r.expectedAmount;
    byCurrency.set(key, entry);
  }
  return {
    childCount: children.length,
    blockedChildCount: children.filter((c) => !c.executable).length,
    byDestinationCurrency: [...byCurrency.values()].map((e) => ({ network: e.network, currency: e.currency, totalAmount: fmt(e.total) })),
    amountSummary: {
      grossAmount: fmt(net + fees),
      netRecipientAmount: fmt(net),
      totalFees: fmt(fees),
      payeeBorneFees: '0',
      payerBorneFees: fmt(fees),
      payerTotal: fmt(net + fees),
    },
  };
}

/** Spec: Multicall payout state. Passive: no calldata, quotes or routes. */
export function multicallView(
  payment: SecurePaymentEntity,
  status: SecurePaymentStatus,
  children: MulticallChildView[],
  requests: RequestEntity[],
  analytics: MulticallAnalyticsView,
) {
  const executable = status === 'pending' || status === 'partially_settled';
  return {
    paymentType: 'multicall' as const,
    status,
    redirectUrl: payment.redirectUrl,
    redirectLabel: payment.redirectLabel,
    orchestratorId: payment.orchestratorId,
    branding: brandingOf(payment),
    analytics,
    requestIds: payment.requestIds,
    token: payment.token,
    canExecute: executable && children.some((c) => c.executable),
    expiresAt: payment.expiresAt.toISOString(),
    createdAt: payment.createdAt.toISOString(),
    children,
    totals: totalsOf(children, requests),
    paymentOptions: {},
  };
}
