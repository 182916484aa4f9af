import { LARGE_PLATFORM_CLIENT_IDS, type YearShape } from './year-shape.js';

/**
 * The statements that write a year, each one INSERT ... SELECT over generate_series (Postgres
 * builds the rows; nothing crosses the wire). Identifiers are derived from the row number i, so
 * later statements find the rows of earlier ones (a request's Client ID, an event's request)
 * without reading them back. The numbers interpolated are the shape's integers, never input text.
 *
 * Helpers live in pg_temp (this session only) and leave nothing behind in the schema.
 */
export function helperSql(shape: YearShape): string[] {
  const large = LARGE_PLATFORM_CLIENT_IDS;
  const small = shape.clientIds - large;
  return [
    // Client ID of request (or schedule) i: even rows to the large platform, odd rows spread over the small ones.
    `CREATE FUNCTION pg_temp.client_of(i bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
       $$ SELECT CASE WHEN i % 2 = 0 THEN (i / 2) % ${large} ELSE ${large} + (i / 2) % ${small} END $$`,
    `CREATE FUNCTION pg_temp.platform_of(c bigint) RETURNS text LANGUAGE sql IMMUTABLE AS
       $$ SELECT 'seedpf' || lpad((CASE WHEN c < ${large} THEN 0 ELSE 1 + (c - ${large}) / 2 END)::text, 6, '0') $$`,
    `CREATE FUNCTION pg_temp.client_row(c bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'seedci' || lpad(c::text, 6, '0') $$`,
    `CREATE FUNCTION pg_temp.hex(seed text, n int) RETURNS text LANGUAGE sql IMMUTABLE AS
       $$ SELECT substr(md5(seed) || md5(seed || '/') || md5(seed || '//'), 1, n) $$`,
    `CREATE FUNCTION pg_temp.request_id(i bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT '01' || pg_temp.hex('r' || i, 64) $$`,
    // A ULID-shaped key that sorts by time: 12 hex digits of epoch ms, then 14 of hash (Crockford-safe: 0-9A-F).
    `CREATE FUNCTION pg_temp.time_key(at timestamptz, seed text) RETURNS text LANGUAGE sql IMMUTABLE AS
       $$ SELECT upper(lpad(to_hex((extract(epoch FROM at) * 1000)::bigint), 12, '0') || pg_temp.hex(seed, 14)) $$`,
    // Endpoint j belongs to Client ID j % clientIds (now() is the seeding transaction's start: the same in every statement).
    `CREATE FUNCTION pg_temp.endpoint_id(j bigint) RETURNS text LANGUAGE sql STABLE AS
       $$ SELECT pg_temp.time_key(now() - interval '380 days' + make_interval(secs => j), 'ep' || j) $$`,
    // Age in days, denser toward today (the platforms grew over the year).
    `CREATE FUNCTION pg_temp.year_ago() RETURNS timestamptz LANGUAGE sql VOLATILE AS
       $$ SELECT now() - make_interval(secs => 365 * 86400 * (1 - sqrt(random()))) $$`,
  ];
}

/** Platforms, Client IDs and endpoints (the tenants the rest belongs to). $1: Client ID prefix. */
export function tenantSql(shape: YearShape): { sql: string; params?: unknown[] }[] {
  const owner = `pg_temp.client_row(j % ${shape.clientIds})`;
  return [
    {
      sql: `INSERT INTO platforms (id, name, created_at)
            SELECT 'seedpf' || lpad(p::text, 6, '0'), CASE WHEN p = 0 THEN 'Large seeded platform' ELSE 'Small seeded platform ' || p END,
                   now() - interval '400 days'
              FROM generate_series(0::bigint, ${shape.smallPlatforms}) p`,
    },
    {
      sql: `INSERT INTO client_ids (id, client_id, platform_id, label, status, rate_tier, fee_percentage, fee_address, created_at, updated_at)
            SELECT pg_temp.client_row(c), $1 || pg_temp.hex('cid' || c, 22), pg_temp.platform_of(c), 'seeded ' || c,
                   CASE WHEN c % 50 = 49 THEN 'inactive' ELSE 'active' END, CASE WHEN c < ${LARGE_PLATFORM_CLIENT_IDS} THEN 'high-volume' ELSE 'default' END,
                   CASE WHEN c % 3 = 0 THEN 1.00 END, CASE WHEN c % 3 = 0 THEN '0x' || pg_temp.hex('fee' || c, 40) END,
                   now() - interval '390 days', now() - interval '390 days'
              FROM generate_series(0::bigint, ${shape.clientIds - 1}) c`,
      params: [process.env.SEED_CLIENT_ID_PREFIX ?? 'cid_'],
    },
    {
      // Secrets are placeholders: the seeded endpoints are read and listed, never delivered to.
      sql: `INSERT INTO webhook_endpoints (id, owner_type, client_id_id, url, secret_encrypted, is_active, created_at, updated_at)
            SELECT pg_temp.endpoint_id(j), 'client_id', ${owner},
                   'https://hooks' || (j % ${shape.clientIds}) || '.example/payrail/' || j, 'seeded:not-a-secret', j % 20 <> 19,
                   now() - interval '380 days', now() - interval '380 days'
              FROM generate_series(0::bigint, ${shape.endpoints - 1}) j`,
    },
  ];
}

export const SEEDED_PROXY = '0x370de27fdb7d1ff1e1baa7d11c5820a324cf623c';

/** Requests over the year, and the transfers that settled the settled ones. */
export function requestSql(shape: YearShape): string[] {
  return [
    `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, client_id_id, network, payee, payer,
        invoice_currency, invoice_amount, invoice_decimals, payment_currency, currency_address, currency_decimals, proxy_address,
        expected_amount, fee_percentage, fee_amount, fee_address, reference, status, amount_paid, fee_paid, tx_hash, paid_at,
        created_at, updated_at)
     SELECT pg_temp.request_id(i), pg_temp.hex('s' || i, 16), '0x' || pg_temp.hex('p' || i, 16), '0x' || pg_temp.hex('t' || i, 64),
            pg_temp.platform_of(pg_temp.client_of(i)), pg_temp.client_row(pg_temp.client_of(i)), x.network,
            '0x' || pg_temp.hex('payee' || (i % 5000), 40), CASE WHEN i % 4 = 0 THEN '0x' || pg_temp.hex('payer' || (i % 20000), 40) END,
            'USDC-' || x.network, x.amount, 6, 'USDC-' || x.network, '0x' || pg_temp.hex('usdc' || x.network, 40), 6, '${SEEDED_PROXY}',
            x.amount, '1', x.amount / 100, '0x' || pg_temp.hex('fee' || (i % 100), 40),
            CASE WHEN i % 3 = 0 THEN 'INV-' || i END, x.status,
            CASE x.status WHEN 'pending' THEN 0 WHEN 'partial' THEN x.amount / 2 WHEN 'overpaid' THEN x.amount + x.amount / 10 ELSE x.amount END,
            CASE x.status WHEN 'pending' THEN 0 WHEN 'partial' THEN x.amount / 200 WHEN 'fee_short' THEN 0 ELSE x.amount / 100 END,
            CASE WHEN x.status <> 'pending' THEN '0x' || pg_temp.hex('tx' || i, 64) END,
            CASE WHEN x.status IN ('paid', 'overpaid') THEN x.created_at + make_interval(secs => 30 + (i % 3600)) END,
            x.created_at, x.created_at + make_interval(secs => CASE WHEN x.status = 'pending' THEN 0 ELSE 30 + (i % 3600) END)
       FROM generate_series(1::bigint, ${shape.requests}) i
      CROSS JOIN LATERAL (
        SELECT (ARRAY['sepolia', 'sepolia', 'base', 'base', 'mainnet', 'polygon'])[1 + (i % 6)] AS network,
               ((1 + (i * 7919) % 500000) * 10000)::numeric AS amount, pg_temp.year_ago() AS created_at,
               CASE WHEN r < 0.80 THEN 'paid' WHEN r < 0.82 THEN 'overpaid' WHEN r < 0.85 THEN 'partial'
                    WHEN r < 0.86 THEN 'fee_short' ELSE 'pending' END AS status
          FROM (SELECT random() + i * 0 AS r) rr) x`,
    // One transfer per settled request, settled a minute after its block (12 s blocks over the year).
    `INSERT INTO payment_transfers (network, contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic,
        token, to_address, from_address, amount, fee_amount, fee_address, settled_at, created_at, platform_id)
     SELECT r.network, r.proxy_address, r.tx_hash, 0, (extract(epoch FROM r.updated_at) / 12)::bigint, '0x' || pg_temp.hex('blk' || r.tx_hash, 64),
            r.updated_at, r.reference_topic, r.currency_address, r.payee, coalesce(r.payer, '0x' || pg_temp.hex('from' || r.id, 40)),
            r.amount_paid, r.fee_paid, r.fee_address, r.updated_at + interval '1 minute', r.updated_at, r.platform_id
       FROM requests r WHERE r.platform_id LIKE 'seedpf%' AND r.status <> 'pending'`,
  ];
}
