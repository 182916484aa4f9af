import type { WebhookEventName } from '../events/names.js';
import type { WebhookPayloads } from '../events/payloads.js';

/**
 * Payloads of test deliveries (POST /v1/webhook/test, POST /v2/orchestrators/webhooks/test):
 * the event's real shape with placeholder values. The caller's own identity is filled in
 * (its Client ID, or its orchestrator id); other identifiers are recognisable zeros.
 */
export interface TestIdentity {
  clientId: string | null;
  orchestratorId: string | null;
}

interface Context extends TestIdentity {
  now: string;
}

const REQUEST_ID = '01' + '0'.repeat(64);
const PAYMENT_REFERENCE = '0x0000000000000000';
const TX_HASH = '0x' + '0'.repeat(64);
const WALLET = '0x0000000000000000000000000000000000000001';
const TOKEN = '00000000000000000000000000';
const PLACEHOLDER_CLIENT_ID = 'cli_test0000000000000000';
const PLACEHOLDER_ORCHESTRATOR_ID = '00000000000000000000000000';

/** Platform tests carry the caller's Client ID; orchestrator tests their orchestrator id and a placeholder Client ID. */
const identity = (c: Context) => ({ clientId: c.clientId ?? PLACEHOLDER_CLIENT_ID, orchestratorId: c.orchestratorId });

const refundTest = <E extends 'refund.created' | 'refund.confirmed' | 'refund.failed'>(
  event: E,
  status: 'awaiting_signature' | 'confirmed' | 'failed',
  txHash: string | null,
  c: Context,
) => ({
  event,
  refundId: TOKEN,
  requestId: REQUEST_ID,
  requestID: REQUEST_ID,
  paymentReference: PAYMENT_REFERENCE,
  exceptionId: null,
  ...identity(c),
  network: 'sepolia',
  currency: 'USDC',
  amount: '10.0',
  to: WALLET,
  status,
  refundPaymentReference: PAYMENT_REFERENCE,
  source: 'payee_wallet' as const,
  txHash,
  failureReason: status === 'failed' ? 'reorg' : null,
  timestamp: c.now,
});

const confirmed = (c: Context) => ({
  requestId: REQUEST_ID,
  requestID: REQUEST_ID,
  paymentReference: PAYMENT_REFERENCE,
  explorer: `https://scan.request.network/request/${REQUEST_ID}`,
  amount: '100.0',
  totalAmountPaid: '100.0',
  expectedAmount: '100.0',
  timestamp: c.now,
  txHash: TX_HASH,
  payerAddress: WALLET,
  payerEoaAddress: WALLET,
  network: 'sepolia',
  currency: 'USDC',
  paymentCurrency: 'USDC',
  isCryptoToFiat: false,
  subStatus: '',
  paymentProcessor: 'request-network',
  fees: [{ type: 'network', amount: '0.02', currency: 'ETH' }],
});

const FACTORIES: { [E in WebhookEventName]: (c: Context) => WebhookPayloads[E] } = {
  'client_id.linked': (c) => ({
    event: 'client_id.linked',
    clientId: c.clientId ?? PLACEHOLDER_CLIENT_ID,
    orchestratorId: c.orchestratorId ?? PLACEHOLDER_ORCHESTRATOR_ID,
    linkId: TOKEN,
    intentId: TOKEN,
    externalId: 'test-external-id',
    destinationId: TOKEN,
    destinationWalletAddress: WALLET,
    chain: 'sepolia',
    currency: 'USDC',
    timestamp: c.now,
  }),
  'payment.confirmed': (c) => ({ event: 'payment.confirmed', ...confirmed(c), ...identity(c) }),
  'payment.failed': (c) => ({
    event: 'payment.failed',
    requestId: REQUEST_ID,
    requestID: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    clientId: identity(c).clientId,
    subStatus: 'insufficient_funds',
    paymentProcessor: 'request-network',
  }),
  'kyt.screening.completed': (c) => ({
    event: 'kyt.screening.completed',
    paymentToken: TOKEN,
    ...identity(c),
    walletAddress: WALLET,
    eoaAddress: WALLET,
    smartAccountAddress: null,
    status: 'approved',
    provider: 'test',
    policyId: null,
    timestamp: c.now,
  }),
  'secure_payment.user_event': (c) => ({
    event: 'secure_payment.user_event',
    userEvent: 'wallet_connected',
    securePaymentToken: TOKEN,
    requestId: REQUEST_ID,
    requestIds: [REQUEST_ID],
    ...identity(c),
    occurredAt: c.now,
    timestamp: c.now,
    properties: { wallet_provider: 'test', wallet_address_hashed: '0'.repeat(64), payment_type: 'single' },
  }),
  'secure_payment.access_rejected': (c) => ({
    event: 'secure_payment.access_rejected',
    requestId: REQUEST_ID,
    ...identity(c),
    attemptedPayerWalletAddress: WALLET,
    timestamp: c.now,
  }),
  'payment.partial': (c) => ({
    event: 'payment.partial',
    ...confirmed(c),
    orchestratorId: c.orchestratorId,
    totalAmountPaid: '40.0',
    amount: '40.0',
  }),
  'payment.refunded': (c) => ({
    event: 'payment.refunded',
    requestId: REQUEST_ID,
    requestID: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    timestamp: c.now,
  }),
  'payment.processing': (c) => ({
    event: 'payment.processing',
    requestId: REQUEST_ID,
    requestID: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    offrampId: TOKEN,
    timestamp: c.now,
    subStatus: 'initiated',
    paymentProcessor: 'request-tech',
    rawPayload: {},
  }),
  'compliance.updated': (c) => ({
    event: 'compliance.updated',
    clientUserId: 'test-user',
    kycStatus: 'completed',
    agreementStatus: 'completed',
    isCompliant: true,
    timestamp: c.now,
    rawPayload: {},
  }),
  'payment_detail.updated': (c) => ({
    event: 'payment_detail.updated',
    paymentDetailsId: TOKEN,
    clientUserId: 'test-user',
    userId: '00000000-0000-4000-8000-000000000000',
    status: 'approved',
    timestamp: c.now,
    rawPayload: {},
  }),
  'request.recurring': (c) => ({
    event: 'request.recurring',
    requestId: REQUEST_ID,
    requestID: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    originalRequestId: REQUEST_ID,
    originalRequestPaymentReference: PAYMENT_REFERENCE,
    timestamp: c.now,
    clientId: c.clientId,
  }),
  'payment.reversed': (c) => ({
    event: 'payment.reversed',
    requestId: REQUEST_ID,
    requestID: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    ...identity(c),
    network: 'sepolia',
    currency: 'USDC',
    paymentCurrency: 'USDC',
    txHashes: [TX_HASH],
    amountReversed: '100.0',
    totalAmountPaid: '0.0',
    expectedAmount: '100.0',
    status: 'pending',
    timestamp: c.now,
  }),
  'refund.created': (c) => refundTest('refund.created', 'awaiting_signature', null, c),
  'refund.confirmed': (c) => refundTest('refund.confirmed', 'confirmed', TX_HASH, c),
  'refund.failed': (c) => refundTest('refund.failed', 'failed', TX_HASH, c),
  'webhook_endpoint.disabled': (c) => ({
    event: 'webhook_endpoint.disabled',
    webhookId: '01JD3Y2ZK8Q7V6W5X4T3S2R1P0',
    url: 'https://merchant.example.com/webhooks/payrail',
    reason: 'failing',
    failingSince: c.now,
    ...identity(c),
    timestamp: c.now,
  }),
  'payment.exception': (c) => exceptionPayload('payment.exception', c),
  'payment.exception.resolved': (c) => exceptionPayload('payment.exception.resolved', c),
  'reconciliation.completed': (c) => ({
    event: 'reconciliation.completed',
    runId: '01JD3Y2ZK8Q7V6W5X4T3S2R1P1',
    network: 'sepolia',
    from: c.now,
    to: c.now,
    fromBlock: 100,
    toBlock: 200,
    discrepancies: { missing_in_ledger: 0, missing_on_chain: 0, amount_mismatch: 0, fee_mismatch: 0, status_mismatch: 0 },
    totalDiscrepancies: 0,
    timestamp: c.now,
  }),
  'test_clock.ready': (c) => ({
    event: 'test_clock.ready',
    testClockId: '01JD3Y2ZK8Q7V6W5X4T3S2R1P2',
    frozenTime: c.now,
    previousFrozenTime: c.now,
    executedPayments: 0,
    failedPayments: 0,
    timestamp: c.now,
  }),
  'payment.upcoming': (c) => noticeTest('payment.upcoming', c),
  'payment.at_risk': (c) => noticeTest('payment.at_risk', c),
  'schedule.past_due': (c) => dunningTest('schedule.past_due', c),
  'schedule.canceled_for_nonpayment': (c) => dunningTest('schedule.canceled_for_nonpayment', c),
};

function noticeTest<E extends 'payment.upcoming' | 'payment.at_risk'>(event: E, c: Context): WebhookPayloads[E] {
  return {
    event,
    recurringPaymentId: TOKEN,
    index: 1,
    dueAt: c.now,
    hoursBefore: 24,
    amount: '10',
    paymentCurrency: 'USDC',
    network: 'sepolia',
    payerAddress: WALLET,
    subStatus: event === 'payment.at_risk' ? 'insufficient_balance' : null,
    clientId: identity(c).clientId,
    timestamp: c.now,
  } as WebhookPayloads[E];
}

function dunningTest<E extends 'schedule.past_due' | 'schedule.canceled_for_nonpayment'>(event: E, c: Context): WebhookPayloads[E] {
  const cancelled = event === 'schedule.canceled_for_nonpayment';
  return {
    event,
    recurringPaymentId: TOKEN,
    status: cancelled ? 'cancelled' : 'paused',
    subStatus: 'insufficient_balance',
    failureReason: 'Insufficient token balance',
    failureCount: 18,
    processedPayments: 1,
    totalPayments: 12,
    pastDueAt: c.now,
    cancelAt: cancelled ? null : c.now,
    clientId: identity(c).clientId,
    timestamp: c.now,
  } as WebhookPayloads[E];
}

function exceptionPayload<E extends 'payment.exception' | 'payment.exception.resolved'>(event: E, c: Context): WebhookPayloads[E] {
  const resolved = event === 'payment.exception.resolved';
  return {
    event,
    exceptionId: '01JD3Y2ZK8Q7V6W5X4T3S2R1P1',
    requestId: REQUEST_ID,
    requestID: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    ...identity(c),
    kind: 'underpaid',
    status: resolved ? 'accepted' : 'open',
    resolution: resolved ? 'accepted' : null,
    network: 'sepolia',
    paymentCurrency: 'USDC',
    token: null,
    expectedAmount: '100',
    receivedAmount: '90',
    invoiceCurrency: 'USD',
    expectedInvoiceAmount: '100',
    receivedInvoiceAmount: '90',
    rate: '1',
    rateSource: 'request',
    txHash: TX_HASH,
    logIndex: 0,
    payerAddress: WALLET,
    remainderRequestId: null,
    remainderToken: null,
    detectedAt: c.now,
    resolvedAt: resolved ? c.now : null,
    timestamp: c.now,
  } as WebhookPayloads[E];
}

export function testPayload<E extends WebhookEventName>(type: E, who: TestIdentity, now: Date): WebhookPayloads[E] {
  return FACTORIES[type]({ ...who, now: now.toISOString() });
}
