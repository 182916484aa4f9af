import { randomBytes } from 'node:crypto';
import { sqlExecute, type SqlTarget } from '@payrail/persistence';

/** A request row as payment creation and detection would leave it; base units as bigint. */
export interface RequestRowSpec {
  platformId: string;
  clientIdId?: string | null;
  status?: 'pending' | 'partial' | 'paid' | 'overpaid' | 'fee_short';
  network?: string;
  paymentCurrency?: string;
  decimals?: number;
  expected?: bigint;
  paid?: bigint;
  fee?: bigint;
  payee?: string;
  payer?: string | null;
  reference?: string | null;
  txHash?: string | null;
  createdAt?: Date;
  paidAt?: Date | null;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Inserts one request row; answers its id, payment reference and reference topic. */
export async function insertRequestRow(db: SqlTarget, spec: RequestRowSpec) {
  const id = `01${hex(32)}`;
  const paymentReference = `0x${hex(8)}`;
  const referenceTopic = `0x${hex(32)}`;
  const decimals = spec.decimals ?? 6;
  const paid = spec.paid ?? (spec.status && spec.status !== 'pending' ? (spec.expected ?? 10_000_000n) : 0n);
  await sqlExecute(
    db,
    `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, client_id_id, network, payee, payer,
        invoice_currency, invoice_amount, invoice_decimals, payment_currency, currency_address, currency_decimals, proxy_address,
        expected_amount, fee_amount, fee_paid, fee_address, reference, status, amount_paid, tx_hash, paid_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $10, $13, $12, $14, $11, $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
    [
      id,
      hex(8),
      paymentReference,
      referenceTopic,
      spec.platformId,
      spec.clientIdId ?? null,
      spec.network ?? 'sepolia',
      spec.payee ?? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      spec.payer ?? null,
      spec.paymentCurrency ?? 'fUSDC-sepolia',
      (spec.expected ?? 10_000_000n).toString(),
      decimals,
      '0x' + 'c'.repeat(40),
      '0x' + 'f'.repeat(40),
      (spec.fee ?? 0n).toString(),
      spec.status && spec.status !== 'pending' ? (spec.fee ?? 0n).toString() : '0',
      spec.fee ? '0x' + 'e'.repeat(40) : null,
      spec.reference ?? null,
      spec.status ?? 'pending',
      paid.toString(),
      spec.txHash ?? null,
      spec.paidAt ?? null,
      spec.createdAt ?? new Date(),
    ],
  );
  return { id, paymentReference, referenceTopic };
}

/** Records a fee-proxy transfer for a request, as payment detection does (with the request's platform). */
export async function insertTransferRow(
  db: SqlTarget,
  request: { referenceTopic: string; network?: string },
  t: {
    txHash: string;
    from: string;
    amount: bigint;
    fee?: bigint;
    blockNumber: number;
    settled: boolean;
    /** Defaults: now, log 0, the default payee of insertRequestRow. */
    blockTimestamp?: Date;
    logIndex?: number;
    to?: string;
  },
): Promise<void> {
  await sqlExecute(
    db,
    `INSERT INTO payment_transfers (network, contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic,
        token, to_address, from_address, amount, fee_amount, fee_address, settled_at, platform_id)
     VALUES ($1, $2, $3, $14, $4, $5, coalesce($15, now()), $6, $7, $8, $9, $10, $11, $12, $13,
             (SELECT platform_id FROM requests WHERE network = $1 AND reference_topic = $6))`,
    [
      request.network ?? 'sepolia',
      '0x' + 'f'.repeat(40),
      t.txHash,
      t.blockNumber,
      `0x${hex(32)}`,
      request.referenceTopic,
      '0x' + 'c'.repeat(40),
      t.to ?? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      t.from,
      t.amount.toString(),
      (t.fee ?? 0n).toString(),
      '0x' + 'e'.repeat(40),
      t.settled ? new Date() : null,
      t.logIndex ?? 0,
      t.blockTimestamp ?? null,
    ],
  );
}

/**
 * `count` paid requests of a platform in one statement (for volume tests and the export bench):
 * created one second apart going back from `newest`, amounts 1.000001, 2.000002, ... (6 decimals).
 */
export async function seedPaidRequests(db: SqlTarget, platformId: string, count: number, newest = new Date()): Promise<void> {
  await sqlExecute(
    db,
    `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, network, payee, invoice_currency, invoice_amount,
        invoice_decimals, payment_currency, currency_decimals, proxy_address, expected_amount, reference, status, amount_paid,
        tx_hash, paid_at, created_at)
     SELECT '01' || md5($1::text || i) || md5(i::text || $1::text), substr(md5('s' || $1::text || i), 1, 16), '0x' || substr(md5('p' || $1::text || i), 1, 16),
            '0x' || md5('t' || $1::text || i) || md5('u' || $1::text || i), $1, 'sepolia', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            'fUSDC-sepolia', i::numeric * 1000001, 6, 'fUSDC-sepolia', 6, '0x' || repeat('f', 40), i::numeric * 1000001,
            CASE WHEN i % 10 = 0 THEN 'order, "' || i || '"' ELSE 'order-' || i END, 'paid', i::numeric * 1000001,
            '0x' || md5('x' || $1::text || i) || md5('y' || $1::text || i), $2::timestamptz - i * interval '1 second',
            $2::timestamptz - i * interval '1 second'
       FROM generate_series(1, $3::int) AS i`,
    [platformId, newest, count],
  );
}
