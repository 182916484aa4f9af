/**
 * @payrail/webhook-receiver: verify Payrail webhook deliveries in any Node HTTP framework.
 * Pure Node (node:crypto only): no NestJS, no Payrail internals.
 */
export { type DeliveryDedupe, MemoryDedupe } from './dedupe.js';
export { headerOf, type IncomingHeaders, PAYRAIL_WEBHOOK_HEADERS } from './headers.js';
export {
  type ReceiveResult,
  type RefusalReason,
  type Verification,
  type VerifiedDelivery,
  WebhookReceiver,
  type WebhookReceiverOptions,
} from './receiver.js';
export { standardKey, verifyInterfaceSignature, verifyStandardSignature } from './signatures.js';
