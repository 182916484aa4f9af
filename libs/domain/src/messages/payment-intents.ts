/**
 * Redis channel on which payments-api announces a payment intent (the hosted page reported a
 * submitted transaction) to every chain-worker replica; the replica leading that network's
 * detection fetches the receipt at once. Best effort: a missed announcement only means the payment
 * settles on detection's next regular pass.
 */
export const paymentIntentChannel = (prefix: string): string => `${prefix}:payment-intents`;

/** The announcement: which stored intent (table payment_intents), on which network, for which transaction. */
export interface PaymentIntentMessage {
  intentId: string;
  network: string;
  txHash: string;
}

/** The announcement read back, or undefined when it is not one (ignored by the listener). */
export function parsePaymentIntentMessage(raw: string): PaymentIntentMessage | undefined {
  try {
    const value = JSON.parse(raw) as Partial<PaymentIntentMessage>;
    if (typeof value.intentId === 'string' && typeof value.network === 'string' && typeof value.txHash === 'string') {
      return { intentId: value.intentId, network: value.network, txHash: value.txHash };
    }
  } catch {
    // not JSON: ignored below
  }
  return undefined;
}
