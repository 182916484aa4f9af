import type { PaymentsPaths } from '@payrail/web';
import { z } from 'zod';
import { EVENT_TYPES } from '../lib/events';

/**
 * The search params of every list screen, as zod schemas the router validates the URL with
 * (`validateSearch`). Each field is optional and falls back to "absent" when the URL carries a
 * value it does not accept (a hand-edited `?status=nope` shows the unfiltered list, never an error).
 * `cursors` is the keyset page stack (see lib/paging.ts): absent on the first page.
 */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = optional(z.string().trim().min(1).max(200));
const day = optional(z.iso.date());
const cursors = optional(z.array(z.string().min(1).max(500)).min(1).max(100));

type RequestsQuery = NonNullable<PaymentsPaths['/v2/requests']['get']['parameters']['query']>;

/** The API's enums, written out (generated types vanish at runtime) and checked against the OpenAPI document by `satisfies`. */
export const REQUEST_STATUSES = ['pending', 'partial', 'paid', 'overpaid', 'fee_short'] as const satisfies readonly NonNullable<
  RequestsQuery['status']
>[];
export const NETWORKS = [
  'mainnet',
  'base',
  'optimism',
  'arbitrum-one',
  'matic',
  'bsc',
  'sepolia',
  'tron',
] as const satisfies readonly NonNullable<RequestsQuery['network']>[];
export const LINK_STATUSES = ['pending', 'completed', 'expired', 'invalidated', 'compliance_failed', 'partially_settled'] as const;
export const RECURRING_STATUSES = ['awaiting_signature', 'active', 'paused', 'cancelled', 'completed'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** /payments: the filters of GET /v2/requests (dates are whole UTC days, `to` inclusive) and the page. */
export const paymentsSearch = z.object({
  status: optional(z.enum(REQUEST_STATUSES)),
  network: optional(z.enum(NETWORKS)),
  currency: text,
  from: day,
  to: day,
  reference: text,
  paymentReference: text,
  payer: text,
  cursors,
});
export type PaymentsSearch = z.infer<typeof paymentsSearch>;

/** /payment-links: the status filter and the page. */
export const linksSearch = z.object({ status: optional(z.enum(LINK_STATUSES)), cursors });
export type LinksSearch = z.infer<typeof linksSearch>;

/** /recurring: the status filter and the page. */
export const recurringSearch = z.object({ status: optional(z.enum(RECURRING_STATUSES)), cursors });
export type RecurringSearch = z.infer<typeof recurringSearch>;

/** /payers: the search by the platform's user id and the page. */
export const payersSearch = z.object({ search: text, cursors });
export type PayersSearch = z.infer<typeof payersSearch>;

/** /webhooks: the delivery log's filters (`from` an instant) and its page. */
export const webhooksSearch = z.object({
  status: optional(z.enum(DELIVERY_STATUSES)),
  eventType: optional(z.enum(EVENT_TYPES)),
  webhookId: text,
  clientId: text,
  from: optional(z.iso.datetime()),
  cursors,
});
export type WebhooksSearch = z.infer<typeof webhooksSearch>;

/** /developers: the API key list's prefix filter and its page. */
export const developersSearch = z.object({ prefix: text, cursors });
export type DevelopersSearch = z.infer<typeof developersSearch>;

/** /reconciliation: the run opened below the form (a ULID), so a reload keeps following it. */
export const reconciliationSearch = z.object({ run: optional(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/)) });
export type ReconciliationSearch = z.infer<typeof reconciliationSearch>;
