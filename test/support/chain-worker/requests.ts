import { randomBytes } from 'node:crypto';
import { paymentReferenceTopic } from '@payrail/chains';
import { sqlExecute } from '@payrail/persistence';
import { hexlify } from 'ethers';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';

/** A request row as a payout creates it, for detection tests that pay by hand (minimal fields). */
export async function insertRequest(
  db: DataSource,
  opts: {
    payee: string;
    token: string | null;
    proxy: string;
    expected: bigint;
    decimals: number;
    paymentCurrency: string;
    /** The invoice currency (a fiat code such as EUR); the payment currency when absent. */
    invoiceCurrency?: string;
    fee?: bigint;
    feeAddress?: string;
    platformId?: string;
  },
): Promise<{ requestId: string; reference: string; platformId: string }> {
  const platformId = opts.platformId ?? `01PLATFORM${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 26);
  await sqlExecute(db, 'INSERT INTO platforms (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [platformId, 'Detection test']);
  const requestId = '01' + randomBytes(32).toString('hex');
  const reference = hexlify(randomBytes(8));
  await sqlExecute(
    db,
    `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, network, payee, invoice_currency, invoice_amount,
       invoice_decimals, payment_currency, currency_address, currency_decimals, proxy_address, expected_amount, fee_amount, fee_address)
     VALUES ($1, $2, $3, $4, $5, 'sepolia', $6, COALESCE($14, $7), $8, $10, $7, $9, $10, $11, $8, $12, $13)`,
    [
      requestId,
      randomBytes(8).toString('hex'),
      reference,
      paymentReferenceTopic(reference),
      platformId,
      opts.payee,
      opts.paymentCurrency,
      opts.expected.toString(),
      opts.token,
      opts.decimals,
      opts.proxy,
      (opts.fee ?? 0n).toString(),
      opts.feeAddress ?? null,
      opts.invoiceCurrency ?? null,
    ],
  );
  return { requestId, reference, platformId };
}

/** A secure payment (single, or multicall over several requests) as the API stores it, open for a day. */
export async function insertSecurePayment(
  db: DataSource,
  opts: { platformId: string; type: 'single' | 'multicall'; requestIds: string[] },
): Promise<string> {
  const token = ulid();
  await sqlExecute(
    db,
    `INSERT INTO secure_payments (token, payment_type, platform_id, request_ids, access_policy, expires_at)
     VALUES ($1, $2, $3, $4, '{"allowedPayerAddresses": [], "screening": "off", "hidePayeeAddress": false}'::jsonb,
             now() + interval '1 day')`,
    [token, opts.type, opts.platformId, opts.requestIds],
  );
  return token;
}
