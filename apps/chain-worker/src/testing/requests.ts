import { randomBytes } from 'node:crypto';
import { paymentReferenceTopic } from '@payrail/chains';
import { hexlify } from 'ethers';
import type pg from 'pg';

/** A request row as a payout creates it, for detection tests that pay by hand (minimal fields). */
export async function insertRequest(
  db: pg.Client,
  opts: { payee: string; token: string; proxy: string; expected: bigint; decimals: number; paymentCurrency: string; fee?: bigint },
): Promise<{ requestId: string; reference: string; platformId: string }> {
  const platformId = `01PLATFORM${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 26);
  await db.query('INSERT INTO platforms (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [platformId, 'Detection test']);
  const requestId = '01' + randomBytes(32).toString('hex');
  const reference = hexlify(randomBytes(8));
  await db.query(
    `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, network, payee, invoice_currency, invoice_amount,
       invoice_decimals, payment_currency, currency_address, currency_decimals, proxy_address, expected_amount, fee_amount)
     VALUES ($1, $2, $3, $4, $5, 'sepolia', $6, $7, $8, $10, $7, $9, $10, $11, $8, $12)`,
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
    ],
  );
  return { requestId, reference, platformId };
}
