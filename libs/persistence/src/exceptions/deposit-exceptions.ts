import { exceptionEvent, inInvoiceUnits, type PaymentExceptionRecord, rateOf } from '@payrail/domain';
import type { DataSource } from 'typeorm';
import { appendToOutbox } from '../outbox/outbox.writer.js';
import { sqlRows } from '../sql/typed-query.js';
import { PaymentExceptionsRepository } from './payment-exceptions.repository.js';

/** What a deposit address saw: a Transfer of another token (wrong_token), or funds its sweep could not move (unsweepable). */
export interface DepositExceptionFact {
  requestId: string;
  txHash: string | null;
  logIndex: number | null;
  /** The other token (wrong_token); null for unsweepable (the request's own token). */
  token: string | null;
  sender: string | null;
  amount: bigint;
  /** The other token's decimals (its decimals() answer; 0 when it has none); null: the request's currency. */
  decimals: number | null;
}

/**
 * Raises the deposit watcher's exceptions with their payment.exception events, in one
 * transaction: `wrong_token` per Transfer log of another token to a request's deposit address
 * (once per log, however often the watcher reads it), `unsweepable` when a sweep would revert and the
 * forwarder keeps the funds. Only a refund (a sweep back) returns what a forwarder holds.
 */
export async function raiseDepositExceptions(
  db: DataSource,
  network: string,
  kind: 'wrong_token' | 'unsweepable',
  transfers: DepositExceptionFact[],
): Promise<number> {
  if (transfers.length === 0) return 0;
  return db.transaction(async (m) => {
    const requests = await sqlRows<{
      id: string;
      platform_id: string;
      payment_reference: string;
      orchestrator_id: string | null;
      client_id: string | null;
      payment_currency: string;
      currency_decimals: number;
      expected_amount: string;
      invoice_currency: string;
      invoice_decimals: number;
      invoice_amount: string;
    }>(
      m,
      `SELECT r.id, r.platform_id, r.payment_reference, r.orchestrator_id, c.client_id, r.payment_currency, r.currency_decimals,
              r.expected_amount::text, r.invoice_currency, r.invoice_decimals, r.invoice_amount::text
         FROM requests r LEFT JOIN client_ids c ON c.id = r.client_id_id WHERE r.id = ANY($1::text[])`,
      [[...new Set(transfers.map((t) => t.requestId))]],
    );
    const byId = new Map(requests.map((r) => [r.id, r]));
    const repo = new PaymentExceptionsRepository(m);
    const now = new Date();
    let raised = 0;
    for (const t of transfers) {
      const r = byId.get(t.requestId);
      if (!r) continue;
      const record: PaymentExceptionRecord = {
        id: PaymentExceptionsRepository.newId(),
        platformId: r.platform_id,
        requestId: r.id,
        network,
        kind,
        status: 'open',
        resolution: null,
        token: t.token,
        paymentCurrency: r.payment_currency,
        currencyDecimals: r.currency_decimals,
        expectedAmount: BigInt(r.expected_amount),
        receivedAmount: t.amount,
        receivedDecimals: t.token === null ? null : t.decimals,
        invoiceCurrency: r.invoice_currency,
        invoiceDecimals: r.invoice_decimals,
        expectedInvoiceAmount: BigInt(r.invoice_amount),
        // Another token has no rate against the invoice: its value is not known here.
        receivedInvoiceAmount: t.token === null ? inInvoiceUnits(t.amount, BigInt(r.expected_amount), BigInt(r.invoice_amount)) : null,
        rate:
          t.token === null ? rateOf(BigInt(r.expected_amount), r.currency_decimals, BigInt(r.invoice_amount), r.invoice_decimals) : null,
        rateSource: t.token === null ? 'request' : null,
        txHash: t.txHash,
        logIndex: t.logIndex,
        payerAddress: t.sender,
        remainderRequestId: null,
        remainderToken: null,
        detectedAt: now,
        resolvedAt: null,
      };
      if ((await repo.insert([record])).length === 0) continue;
      const who = { paymentReference: r.payment_reference, clientId: r.client_id, orchestratorId: r.orchestrator_id };
      await appendToOutbox(m, [exceptionEvent('payment.exception', record, who, now)]);
      raised++;
    }
    return raised;
  });
}
