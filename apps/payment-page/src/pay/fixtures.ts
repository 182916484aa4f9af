import type { MulticallPayAnswer, PageCalls, PaymentRecord, SecurePayment, SinglePayAnswer } from '../api';

/** A single EVM payment's record as GET /v2/secure-payments/{token} answers it (the fields the page reads). */
export const pendingPayment = (over: Partial<SecurePayment> = {}): SecurePayment => ({
  paymentType: 'single',
  status: 'pending',
  redirectUrl: null,
  redirectLabel: null,
  expiresAt: '2026-11-28T03:00:00.000Z',
  branding: null,
  requestIds: ['01aa'],
  payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
  network: 'sepolia',
  amount: '12.5',
  paymentCurrency: 'fUSDC-sepolia',
  isNativeCurrency: false,
  destination: null,
  reference: null,
  feePlan: null,
  accessDecision: { status: 'not_evaluated', walletAddress: null, reason: 'no_policy' },
  merchant: { name: 'Acme Shop', logoUrl: null },
  networkName: 'Sepolia testnet',
  tokenName: 'FakeUSDC',
  tokenSymbol: 'fUSDC',
  feeAmount: '0',
  payerTotalAmount: '12.5',
  receipt: null,
  ...over,
});

const metadata = { stepsRequired: 2, needsApproval: true, approvalTransactionIndex: 0, paymentTransactionIndex: 1 };

/** A one-time pay answer: an approval then the payment (the second transaction). */
export const singleAnswer = (
  funds: { hasEnoughBalance: boolean; hasEnoughGas: boolean } = { hasEnoughBalance: true, hasEnoughGas: true },
): SinglePayAnswer => ({
  requestId: '01aa',
  paymentReference: '0xb3581f0b0f74cc61',
  transactions: [
    { to: '0x00000000000000000000000000000000000000aa', data: '0x095ea7b3', value: 0 },
    { to: '0x00000000000000000000000000000000000000bb', data: '0xc219a14d', value: 0 },
  ],
  metadata: { ...metadata, ...funds },
});

/** A multicall's batch answer: one approval, then the batch call carrying a native value. */
export const batchAnswer = (): MulticallPayAnswer => ({
  ERC20ApprovalTransactions: [{ to: '0x00000000000000000000000000000000000000aa', data: '0x095ea7b3', value: 0 }],
  batchPaymentTransaction: {
    to: '0x00000000000000000000000000000000000000cc',
    data: '0x92cddb91',
    value: { type: 'BigNumber', hex: '0x0de0b6b3a7640000' },
  },
  requests: [],
  metadata: {
    stepsRequired: 2,
    needsApproval: true,
    hasEnoughBalance: true,
    hasEnoughGas: false,
    batchFee: { included: true, bps: 30, percentage: '0.3', recipient: null, amounts: [] },
  },
});

/** What a script returns, as a call's promise (what it throws, as its rejection). */
function answer<T>(script: () => T): Promise<T> {
  return new Promise((resolve) => resolve(script()));
}

/**
 * The API side of PageCalls as a script: each read answers (or throws) what `record` / `pay`
 * return for the payer given, and every call is logged, so a test sees which headers were sent.
 */
export function scriptedCalls(script: {
  record: (payer: { wallet?: string; proof?: object }) => PaymentRecord;
  pay?: (payer: { wallet?: string; proof?: object }) => SinglePayAnswer | MulticallPayAnswer;
}) {
  const log: { call: string; proven: boolean }[] = [];
  const calls = {
    record: (payer = {}) => {
      log.push({ call: 'record', proven: 'proof' in payer });
      return answer(() => script.record(payer));
    },
    pay: (payer: { wallet?: string; proof?: object }) => {
      log.push({ call: 'pay', proven: 'proof' in payer });
      return answer(() => (script.pay ?? (() => singleAnswer()))(payer));
    },
    event: () => Promise.resolve(),
    intent: () => Promise.reject(new Error('not scripted')),
  } as unknown as PageCalls;
  return { calls, log };
}
