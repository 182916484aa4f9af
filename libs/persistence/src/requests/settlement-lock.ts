import type { RequestStatus } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { SecurePaymentsRepository } from '../secure-payments/secure-payments.repository.js';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';
import { RequestEntity, type RecurrenceFrequency, type RequestKind } from './request.entity.js';

/** A request locked for settlement, with what its events name beyond the row. */
export interface LockedForSettlement {
  request: RequestEntity;
  /** The public Client ID it was created with, if any. */
  clientId: string | null;
  /** The recurring schedule whose execution created it, if any. */
  recurringPaymentId: string | null;
  /** Whether any secure payment covers it (whatever its status). */
  secured: boolean;
}

interface Row {
  id: string;
  salt: string;
  payment_reference: string;
  reference_topic: string;
  platform_id: string;
  client_id_id: string | null;
  orchestrator_id: string | null;
  batch_id: string | null;
  network: string;
  payee: string;
  payer: string | null;
  invoice_currency: string;
  invoice_amount: string;
  invoice_decimals: number;
  payment_currency: string;
  currency_address: string | null;
  currency_decimals: number;
  proxy_address: string;
  expected_amount: string;
  fee_percentage: string | null;
  fee_amount: string;
  fee_address: string | null;
  customer_info_encrypted: string | null;
  reference: string | null;
  status: RequestStatus;
  amount_paid: string;
  fee_paid: string;
  tx_hash: string | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
  kind: RequestKind;
  is_crypto_to_fiat_available: boolean;
  recurrence_frequency: RecurrenceFrequency | null;
  recurrence_start: Date | null;
  recurrence_period: number | null;
  next_period_at: Date | null;
  is_recurrence_stopped: boolean;
  original_request_id: string | null;
  original_request_payment_reference: string | null;
  accepted_amount: string | null;
  client_id: string | null;
  recurring_payment_id: string | null;
}

/**
 * Locks the requests of these payment reference topics FOR UPDATE, in id order (one lock order for
 * every locker of several requests), and reads with them their Client ID and recurring schedule in
 * the same statement, then which of them secure payments cover: two statements for a whole
 * settlement batch (were four), rows read raw (TypeORM's hydration of 500 requests cost more CPU
 * than the statement).
 */
export async function lockRequestsForSettlement(m: EntityManager, network: string, topics: string[]): Promise<LockedForSettlement[]> {
  if (topics.length === 0) return [];
  const rows = await sqlRows<Row>(
    m,
    `SELECT r.id, r.salt, r.payment_reference, r.reference_topic, r.platform_id, r.client_id_id, r.orchestrator_id, r.batch_id, r.network,
            r.payee, r.payer, r.invoice_currency, r.invoice_amount::text, r.invoice_decimals, r.payment_currency, r.currency_address,
            r.currency_decimals, r.proxy_address, r.expected_amount::text, r.fee_percentage, r.fee_amount::text, r.fee_address,
            r.customer_info_encrypted, r.reference, r.status, r.amount_paid::text, r.fee_paid::text, r.tx_hash, r.paid_at, r.created_at,
            r.updated_at, r.kind, r.is_crypto_to_fiat_available, r.recurrence_frequency, r.recurrence_start, r.recurrence_period,
            r.next_period_at, r.is_recurrence_stopped, r.original_request_id, r.original_request_payment_reference, r.accepted_amount::text, c.client_id,
            (SELECT e.recurring_payment_id FROM recurring_executions e WHERE e.request_id = r.id) AS recurring_payment_id
       FROM requests r LEFT JOIN client_ids c ON c.id = r.client_id_id
      WHERE r.network = $1 AND r.reference_topic = ANY($2::text[])
      ORDER BY r.id
        FOR UPDATE OF r`,
    [network, topics],
  );
  // Which of them secure payments cover, in one statement for the set (a per-row probe is not planned on the GIN index).
  const secured = await new SecurePaymentsRepository(m).requestsCovered(rows.map((r) => r.id));
  return rows.map((row) => ({
    request: requestOf(row),
    clientId: row.client_id,
    recurringPaymentId: row.recurring_payment_id,
    secured: secured.has(row.id),
  }));
}

/** Writes the settlement columns of these (locked) requests in one statement. */
export async function saveSettledRequests(m: EntityManager, requests: RequestEntity[]): Promise<void> {
  if (requests.length === 0) return;
  await sqlExecute(
    m,
    `UPDATE requests r SET amount_paid = u.amount_paid, fee_paid = u.fee_paid, status = u.status, tx_hash = u.tx_hash,
            paid_at = u.paid_at, updated_at = now()
       FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::text[], $5::text[], $6::timestamptz[])
         AS u(id, amount_paid, fee_paid, status, tx_hash, paid_at)
      WHERE r.id = u.id`,
    [
      requests.map((r) => r.id),
      requests.map((r) => r.amountPaid.toString()),
      requests.map((r) => r.feePaid.toString()),
      requests.map((r) => r.status),
      requests.map((r) => r.txHash),
      requests.map((r) => r.paidAt?.toISOString() ?? null),
    ],
  );
}

function requestOf(row: Row): RequestEntity {
  return Object.assign(new RequestEntity(), {
    id: row.id,
    salt: row.salt,
    paymentReference: row.payment_reference,
    referenceTopic: row.reference_topic,
    platformId: row.platform_id,
    clientIdId: row.client_id_id,
    orchestratorId: row.orchestrator_id,
    batchId: row.batch_id,
    network: row.network,
    payee: row.payee,
    payer: row.payer,
    invoiceCurrency: row.invoice_currency,
    invoiceAmount: BigInt(row.invoice_amount),
    invoiceDecimals: row.invoice_decimals,
    paymentCurrency: row.payment_currency,
    currencyAddress: row.currency_address,
    currencyDecimals: row.currency_decimals,
    proxyAddress: row.proxy_address,
    expectedAmount: BigInt(row.expected_amount),
    acceptedAmount: row.accepted_amount === null ? null : BigInt(row.accepted_amount),
    feePercentage: row.fee_percentage,
    feeAmount: BigInt(row.fee_amount),
    feeAddress: row.fee_address,
    customerInfoEncrypted: row.customer_info_encrypted,
    reference: row.reference,
    status: row.status,
    amountPaid: BigInt(row.amount_paid),
    feePaid: BigInt(row.fee_paid),
    txHash: row.tx_hash,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    kind: row.kind,
    isCryptoToFiatAvailable: row.is_crypto_to_fiat_available,
    recurrenceFrequency: row.recurrence_frequency,
    recurrenceStart: row.recurrence_start,
    recurrencePeriod: row.recurrence_period,
    nextPeriodAt: row.next_period_at,
    isRecurrenceStopped: row.is_recurrence_stopped,
    originalRequestId: row.original_request_id,
    originalRequestPaymentReference: row.original_request_payment_reference,
  } satisfies Omit<RequestEntity, never>);
}
