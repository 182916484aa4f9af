import { type Attributes, context, createContextKey, trace } from '@opentelemetry/api';
import { inSpan, tracingStarted } from '@payrail/platform';

/** One detection pass of a network: the block it reached and what it settles through. */
export interface BlockPass {
  network: string;
  head: number;
  /** The block the pass's cursor stands on (the newest block read). */
  block: { blockNumber: number; blockHash: string };
  confirmedThrough: number;
}

const BLOCK_ATTRIBUTES = createContextKey('payrail.block-pass');

/**
 * Runs a pass's settlement in a span `chain block pass` with the network and the block (number,
 * hash, head, confirmed-through); the settlement spans started inside are its children and repeat
 * those attributes.
 */
export function traceBlockPass<T>(pass: BlockPass, run: () => Promise<T>): Promise<T> {
  if (!tracingStarted()) return run();
  const attributes: Attributes = {
    'payrail.network': pass.network,
    'payrail.block.number': pass.block.blockNumber,
    'payrail.block.hash': pass.block.blockHash,
    'payrail.block.confirmed_through': pass.confirmedThrough,
    'payrail.chain.head': pass.head,
  };
  return inSpan('chain block pass', { attributes }, context.active().setValue(BLOCK_ATTRIBUTES, attributes), () => run());
}

/**
 * Runs the settlement of one payment reference in a span `settle payment` (the child of the block
 * pass, whose block it names). Its outbox rows record this span, so the webhooks they cause
 * continue the trace.
 */
export function traceSettlement<T>(network: string, referenceTopic: string, run: () => Promise<T>): Promise<T> {
  if (!tracingStarted()) return run();
  const block = (context.active().getValue(BLOCK_ATTRIBUTES) as Attributes | undefined) ?? { 'payrail.network': network };
  return inSpan('settle payment', { attributes: { ...block, 'payrail.reference_topic': referenceTopic } }, context.active(), () => run());
}

/** Names the event a settlement wrote (`payment.confirmed`, `payment.partial`, ...) on its span. */
export function traceSettlementOutcome(eventType: string): void {
  if (tracingStarted()) trace.getActiveSpan()?.setAttribute('payrail.settlement.outcome', eventType);
}
