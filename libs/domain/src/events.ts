/**
 * The envelope every domain event travels in, from the outbox row to the queue job.
 * Payload types of the spec's events are added by the features that emit them.
 */
export interface DomainEvent<TPayload extends object = Record<string, unknown>> {
  /** Event name, for example `payment.confirmed`. */
  type: string;
  /** What changed: `request`, `secure_payment`, `recurring_payment`, ... */
  aggregateType: string;
  /** ID of the aggregate; events of one aggregate are published in the order written. */
  aggregateId: string;
  payload: TPayload;
}

/** A domain event as read back from the outbox, with its position and origin. */
export interface PublishedDomainEvent extends DomainEvent {
  outboxId: string;
  occurredAt: string;
  requestId: string | null;
  /** W3C traceparent of the span that wrote the row (then the relay's span); absent when tracing is off. */
  traceparent?: string | null;
}
