import {
  type ExceptionKind,
  type ExceptionResolution,
  type ExceptionStatus,
  newUlid,
  type PaymentExceptionRecord,
  type UnderpaidTolerance,
} from '@payrail/domain';
import { afterPosition, cursorPosition, type KeysetPage, microsOf, pageOf, SqlParams } from '../listing/keyset.js';
import { sqlExecute, sqlOne, sqlRows, type SqlTarget } from '../sql/typed-query.js';

/** A platform's exception settings (issue #35): underpaid tolerance and late window. */
export interface ExceptionSettings {
  tolerance: UnderpaidTolerance;
  lateWindowSeconds: number;
  updatedAt: Date | null;
}

export const DEFAULT_EXCEPTION_SETTINGS: ExceptionSettings = {
  tolerance: { bps: null, amount: null },
  lateWindowSeconds: 0,
  updatedAt: null,
};

export interface ExceptionFilter {
  status?: ExceptionStatus;
  kind?: ExceptionKind;
  network?: string;
  requestId?: string;
}

interface Row {
  id: string;
  platform_id: string;
  request_id: string;
  network: string;
  kind: ExceptionKind;
  status: ExceptionStatus;
  resolution: ExceptionResolution | null;
  token: string | null;
  payment_currency: string;
  currency_decimals: number;
  expected_amount: string;
  received_amount: string;
  received_decimals: number | null;
  invoice_currency: string;
  invoice_decimals: number;
  expected_invoice_amount: string | null;
  received_invoice_amount: string | null;
  rate: string | null;
  rate_source: string | null;
  tx_hash: string | null;
  log_index: number | null;
  payer_address: string | null;
  remainder_request_id: string | null;
  remainder_token: string | null;
  detected_at: Date;
  resolved_at: Date | null;
}

const COLUMNS = `e.id, e.platform_id, e.request_id, e.network, e.kind, e.status, e.resolution, e.token, e.payment_currency,
  e.currency_decimals, e.expected_amount::text, e.received_amount::text, e.received_decimals, e.invoice_currency, e.invoice_decimals,
  e.expected_invoice_amount::text, e.received_invoice_amount::text, e.rate, e.rate_source, e.tx_hash, e.log_index,
  e.payer_address, e.remainder_request_id, e.remainder_token, e.detected_at, e.resolved_at`;

const big = (v: string | null) => (v === null ? null : BigInt(v));
const text = (v: bigint | null) => (v === null ? null : v.toString());

function recordOf(r: Row): PaymentExceptionRecord {
  return {
    id: r.id,
    platformId: r.platform_id,
    requestId: r.request_id,
    network: r.network,
    kind: r.kind,
    status: r.status,
    resolution: r.resolution,
    token: r.token,
    paymentCurrency: r.payment_currency,
    currencyDecimals: r.currency_decimals,
    expectedAmount: BigInt(r.expected_amount),
    receivedAmount: BigInt(r.received_amount),
    receivedDecimals: r.received_decimals,
    invoiceCurrency: r.invoice_currency,
    invoiceDecimals: r.invoice_decimals,
    expectedInvoiceAmount: big(r.expected_invoice_amount),
    receivedInvoiceAmount: big(r.received_invoice_amount),
    rate: r.rate,
    rateSource: r.rate_source,
    txHash: r.tx_hash,
    logIndex: r.log_index,
    payerAddress: r.payer_address,
    remainderRequestId: r.remainder_request_id,
    remainderToken: r.remainder_token,
    detectedAt: r.detected_at,
    resolvedAt: r.resolved_at,
  };
}

/**
 * Payment exceptions and the platforms' exception settings. Settlement raises and resolves
 * exceptions in its own transaction (the request rows locked); the API reads them through their
 * platform only and changes one under its row lock (`lockOwned`).
 */
export class PaymentExceptionsRepository {
  constructor(private readonly db: SqlTarget) {}

  static newId(): string {
    return newUlid();
  }

  async ofRequests(requestIds: string[]): Promise<PaymentExceptionRecord[]> {
    if (requestIds.length === 0) return [];
    const rows = await sqlRows<Row>(
      this.db,
      `SELECT ${COLUMNS} FROM payment_exceptions e WHERE e.request_id = ANY($1::text[]) ORDER BY e.created_at, e.id`,
      [requestIds],
    );
    return rows.map(recordOf);
  }

  /** The platform's exception, locked for a decision; undefined when it is another platform's or none. */
  async lockOwned(platformId: string, id: string): Promise<PaymentExceptionRecord | undefined> {
    await this.lockRequestOf(id, platformId);
    const row = await sqlOne<Row>(
      this.db,
      `SELECT ${COLUMNS} FROM payment_exceptions e WHERE e.id = $1 AND e.platform_id = $2 FOR UPDATE`,
      [id, platformId],
    );
    return row && recordOf(row);
  }

  /** An exception by id, locked (settlement resolving the exception a confirmed refund is linked to). */
  async lockById(id: string): Promise<PaymentExceptionRecord | undefined> {
    await this.lockRequestOf(id);
    const row = await sqlOne<Row>(this.db, `SELECT ${COLUMNS} FROM payment_exceptions e WHERE e.id = $1 FOR UPDATE`, [id]);
    return row && recordOf(row);
  }

  /**
   * Locks the row of the exception's request before the exception's own: every transaction that
   * locks both (settlement, refunds, accept, request-remainder) takes the request first, so two
   * of them never wait on each other in opposite order (a deadlock Postgres would break by failing one).
   */
  private async lockRequestOf(id: string, platformId: string | null = null): Promise<void> {
    await sqlRows(
      this.db,
      `SELECT r.id FROM requests r JOIN payment_exceptions e ON e.request_id = r.id
        WHERE e.id = $1 AND ($2::text IS NULL OR e.platform_id = $2) FOR UPDATE OF r`,
      [id, platformId],
    );
  }

  async owned(platformId: string, id: string): Promise<PaymentExceptionRecord | undefined> {
    const row = await sqlOne<Row>(this.db, `SELECT ${COLUMNS} FROM payment_exceptions e WHERE e.id = $1 AND e.platform_id = $2`, [
      id,
      platformId,
    ]);
    return row && recordOf(row);
  }

  /** The identity fields of a request's exception events: its payment reference, public Client ID and orchestrator. */
  async identityOf(requestId: string): Promise<{ paymentReference: string; clientId: string | null; orchestratorId: string | null }> {
    const row = await sqlOne<{ payment_reference: string; client_id: string | null; orchestrator_id: string | null }>(
      this.db,
      `SELECT r.payment_reference, c.client_id, r.orchestrator_id FROM requests r LEFT JOIN client_ids c ON c.id = r.client_id_id WHERE r.id = $1`,
      [requestId],
    );
    return {
      paymentReference: row?.payment_reference ?? '',
      clientId: row?.client_id ?? null,
      orchestratorId: row?.orchestrator_id ?? null,
    };
  }

  /** Exceptions waiting for these remainder requests to be paid, locked. */
  async awaitingRemainder(remainderRequestIds: string[]): Promise<PaymentExceptionRecord[]> {
    if (remainderRequestIds.length === 0) return [];
    const rows = await sqlRows<Row>(
      this.db,
      `SELECT ${COLUMNS} FROM payment_exceptions e
        WHERE e.remainder_request_id = ANY($1::text[]) AND e.status = 'remainder_requested' ORDER BY e.id FOR UPDATE`,
      [remainderRequestIds],
    );
    return rows.map(recordOf);
  }

  /** Inserts new exceptions; a wrong-token log already recorded is skipped. Returns the ones inserted. */
  async insert(records: PaymentExceptionRecord[]): Promise<PaymentExceptionRecord[]> {
    const inserted: PaymentExceptionRecord[] = [];
    for (const r of records) {
      const row = await sqlOne<{ id: string }>(
        this.db,
        `INSERT INTO payment_exceptions (id, platform_id, request_id, network, kind, status, resolution, token, payment_currency,
           currency_decimals, expected_amount, received_amount, invoice_currency, invoice_decimals, expected_invoice_amount,
           received_invoice_amount, rate, rate_source, tx_hash, log_index, payer_address, remainder_request_id, remainder_token,
           detected_at, resolved_at, received_decimals)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          r.id,
          r.platformId,
          r.requestId,
          r.network,
          r.kind,
          r.status,
          r.resolution,
          r.token,
          r.paymentCurrency,
          r.currencyDecimals,
          r.expectedAmount.toString(),
          r.receivedAmount.toString(),
          r.invoiceCurrency,
          r.invoiceDecimals,
          text(r.expectedInvoiceAmount),
          text(r.receivedInvoiceAmount),
          r.rate,
          r.rateSource,
          r.txHash,
          r.logIndex,
          r.payerAddress,
          r.remainderRequestId,
          r.remainderToken,
          r.detectedAt,
          r.resolvedAt,
          r.receivedDecimals,
        ],
      );
      if (row) inserted.push(r);
    }
    return inserted;
  }

  /** Writes what can change of an exception: its decision, and what it saw (amounts, transfer, payer). */
  async update(r: PaymentExceptionRecord): Promise<void> {
    await sqlExecute(
      this.db,
      `UPDATE payment_exceptions SET status = $2, resolution = $3, received_amount = $4, received_invoice_amount = $5, tx_hash = $6,
              log_index = $7, payer_address = $8, remainder_request_id = $9, remainder_token = $10, resolved_at = $11, updated_at = now()
        WHERE id = $1`,
      [
        r.id,
        r.status,
        r.resolution,
        r.receivedAmount.toString(),
        text(r.receivedInvoiceAmount),
        r.txHash,
        r.logIndex,
        r.payerAddress,
        r.remainderRequestId,
        r.remainderToken,
        r.resolvedAt,
      ],
    );
  }

  /** GET /v2/exceptions: the platform's exceptions, newest first, keyset on (created_at, id). */
  async list(
    platformId: string,
    filter: ExceptionFilter,
    page: { cursor?: string; limit: number },
  ): Promise<KeysetPage<PaymentExceptionRecord & { cursor_micros: string }>> {
    const p = new SqlParams();
    const where = [`e.platform_id = ${p.add(platformId)}`];
    if (filter.status) where.push(`e.status = ${p.add(filter.status)}`);
    if (filter.kind) where.push(`e.kind = ${p.add(filter.kind)}`);
    if (filter.network) where.push(`e.network = ${p.add(filter.network)}`);
    if (filter.requestId) where.push(`e.request_id = ${p.add(filter.requestId)}`);
    const position = cursorPosition(page.cursor, 'ulid');
    if (position) where.push(afterPosition('e.created_at', 'e.id', p.add(position.micros), p.add(position.id)));
    const rows = await sqlRows<Row & { cursor_micros: string }>(
      this.db,
      `SELECT ${COLUMNS}, ${microsOf('e.created_at')}::text AS cursor_micros FROM payment_exceptions e WHERE ${where.join(' AND ')}
        ORDER BY e.created_at DESC, e.id DESC LIMIT ${p.add(page.limit + 1)}`,
      p.values,
    );
    return pageOf(
      rows.map((r) => ({ ...recordOf(r), cursor_micros: r.cursor_micros })),
      page.limit,
    );
  }

  /** The settings of these platforms (the defaults for one that set none). */
  async settingsOf(platformIds: string[]): Promise<Map<string, ExceptionSettings>> {
    const out = new Map<string, ExceptionSettings>();
    if (platformIds.length === 0) return out;
    const rows = await sqlRows<{
      platform_id: string;
      underpaid_tolerance_bps: number | null;
      underpaid_tolerance_amount: string | null;
      late_window_seconds: number;
      updated_at: Date;
    }>(
      this.db,
      `SELECT platform_id, underpaid_tolerance_bps, underpaid_tolerance_amount, late_window_seconds, updated_at
         FROM exception_settings WHERE platform_id = ANY($1::text[])`,
      [[...new Set(platformIds)]],
    );
    for (const r of rows)
      out.set(r.platform_id, {
        tolerance: { bps: r.underpaid_tolerance_bps, amount: r.underpaid_tolerance_amount },
        lateWindowSeconds: r.late_window_seconds,
        updatedAt: r.updated_at,
      });
    return out;
  }

  async putSettings(platformId: string, settings: Omit<ExceptionSettings, 'updatedAt'>): Promise<void> {
    await sqlExecute(
      this.db,
      `INSERT INTO exception_settings (platform_id, underpaid_tolerance_bps, underpaid_tolerance_amount, late_window_seconds, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (platform_id) DO UPDATE SET underpaid_tolerance_bps = $2, underpaid_tolerance_amount = $3, late_window_seconds = $4,
              updated_at = now()`,
      [platformId, settings.tolerance.bps, settings.tolerance.amount, settings.lateWindowSeconds],
    );
  }
}
