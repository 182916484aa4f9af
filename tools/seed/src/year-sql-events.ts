import type { YearShape } from './year-shape.js';

/**
 * Outbox events (all relayed), their deliveries to an endpoint of the request's own Client ID
 * and every attempt of each delivery. Event i is about request ((i - 1) % requests) + 1; its
 * partition is the writer's (sha256 of "request:<id>", first 4 bytes big-endian, mod 16).
 * `$1`: the outbox id the seeding started after (events are found again by id).
 */
export function eventSql(shape: YearShape): string[] {
  const perClient = Math.max(1, Math.floor(shape.endpoints / shape.clientIds));
  return [
    `INSERT INTO outbox_events (event_type, aggregate_type, aggregate_id, partition, payload, request_id, created_at, published_at)
     SELECT e.type, 'request', r.id, get_byte(sha256(convert_to('request:' || r.id, 'UTF8')), 3) % 16,
            jsonb_build_object('event', e.type, 'requestId', r.id, 'requestID', r.id, 'paymentReference', r.payment_reference,
              'clientId', c.client_id, 'orchestratorId', NULL, 'explorer', NULL, 'amount', (r.amount_paid / 1000000)::text,
              'totalAmountPaid', (r.amount_paid / 1000000)::text, 'expectedAmount', (r.expected_amount / 1000000)::text,
              'timestamp', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'txHash', r.tx_hash,
              'payerAddress', r.payer, 'payerEoaAddress', NULL, 'network', r.network, 'currency', r.invoice_currency,
              'paymentCurrency', r.payment_currency, 'isCryptoToFiat', false, 'subStatus', '', 'paymentProcessor', 'request-network',
              'fees', '[]'::jsonb, '_routing', jsonb_build_object('platformId', r.platform_id)),
            CASE WHEN i % 5 = 0 THEN NULL ELSE 'req-' || pg_temp.hex('http' || i, 16) END, e.at, e.at + make_interval(secs => 0.05 + (i % 7) * 0.01)
       FROM generate_series(1::bigint, ${shape.events}) i
       JOIN requests r ON r.id = pg_temp.request_id(((i - 1) % ${shape.requests}) + 1)
       JOIN client_ids c ON c.id = r.client_id_id
      CROSS JOIN LATERAL (
        SELECT CASE r.status WHEN 'paid' THEN 'payment.confirmed' WHEN 'overpaid' THEN 'payment.confirmed' WHEN 'partial' THEN 'payment.partial'
                             WHEN 'fee_short' THEN 'payment.failed' ELSE 'payment.processing' END AS type,
               r.updated_at + make_interval(secs => 60 + (i % 600)) AS at) e
      ORDER BY e.at`,
    // Mostly one successful attempt; failed deliveries used all 4 tries; pending only in the last day.
    `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, is_test, status, round, attempt_count,
        last_status_code, last_error, request_id, created_at, completed_at)
     SELECT pg_temp.time_key(o.created_at, 'dl' || o.id), ep.id, o.id, o.event_type, (o.payload - '_routing')::text, false, x.status, 0,
            x.attempts, CASE x.status WHEN 'succeeded' THEN 200 WHEN 'failed' THEN 503 END,
            CASE WHEN x.status = 'failed' THEN 'receiver answered 503' END, o.request_id, o.published_at,
            CASE WHEN x.status <> 'pending' THEN o.published_at + make_interval(secs => (x.attempts - 1) * 300 + 0.2) END
       FROM (SELECT * FROM outbox_events WHERE id > $1 ORDER BY id LIMIT ${shape.deliveries}) o
       JOIN requests r ON r.id = o.aggregate_id
      CROSS JOIN LATERAL (
        SELECT pg_temp.endpoint_id(substr(r.client_id_id, 7)::bigint + ${shape.clientIds} * (o.id % ${perClient})) AS id) ep
      CROSS JOIN LATERAL (
        SELECT CASE WHEN o.created_at > now() - interval '1 day' AND o.id % 50 = 0 THEN 'pending'
                    WHEN o.id % 29 = 0 THEN 'failed' ELSE 'succeeded' END AS status,
               CASE WHEN o.created_at > now() - interval '1 day' AND o.id % 50 = 0 THEN 1 WHEN o.id % 29 = 0 THEN 4
                    WHEN o.id % 13 = 0 THEN 2 ELSE 1 END AS attempts) x`,
    `INSERT INTO webhook_delivery_attempts (delivery_id, round, retry_count, started_at, duration_ms, status_code, error, response_body_head, succeeded)
     SELECT d.id, 0, n, d.created_at + make_interval(secs => n * 300), 20 + (length(d.id) * n) % 400,
            CASE WHEN d.status = 'succeeded' AND n = d.attempt_count - 1 THEN 200 ELSE 503 END,
            CASE WHEN d.status = 'succeeded' AND n = d.attempt_count - 1 THEN NULL ELSE 'receiver answered 503' END,
            CASE WHEN d.status = 'succeeded' AND n = d.attempt_count - 1 THEN 'ok' ELSE 'Service Unavailable' END,
            d.status = 'succeeded' AND n = d.attempt_count - 1
       FROM webhook_deliveries d CROSS JOIN LATERAL generate_series(0, d.attempt_count - 1) n
      WHERE d.outbox_event_id > $1`,
  ];
}

/** Secure payments over every tenth request (with the page's payment intents), recurring schedules and idempotency keys. */
export function otherSql(shape: YearShape): string[] {
  const every = Math.max(1, Math.floor(shape.requests / shape.securePayments));
  return [
    `INSERT INTO secure_payments (token, payment_type, platform_id, client_id_id, status, request_ids, redirect_url, reference,
        access_policy, screenings, expires_at, completed_at, created_at, updated_at)
     SELECT pg_temp.time_key(r.created_at, 'sp' || i), 'single', r.platform_id, r.client_id_id,
            CASE WHEN r.status IN ('paid', 'overpaid') THEN 'completed' WHEN r.status = 'partial' THEN 'partially_settled'
                 WHEN r.created_at + interval '7 days' < now() THEN 'expired' ELSE 'pending' END,
            ARRAY[r.id], CASE WHEN i % 2 = 0 THEN 'https://shop' || (i % 97) || '.example/thanks' END, r.reference,
            jsonb_build_object('allowedPayerAddresses', '[]'::jsonb, 'screening', 'off', 'hidePayeeAddress', false), '{}'::jsonb,
            r.created_at + interval '7 days', r.paid_at, r.created_at, r.updated_at
       FROM generate_series(1::bigint, ${shape.securePayments}) i JOIN requests r ON r.id = pg_temp.request_id(greatest(1, i * ${every} - i % 2))`,
    // The hosted page reported the transaction of every completed payment; chain-worker matched it.
    `INSERT INTO payment_intents (id, platform_id, secure_payment_token, network, tx_hash, payer_address, reference_topics, outcome,
        processed_at, created_at)
     SELECT s.token, s.platform_id, s.token, r.network, r.tx_hash, r.payer, ARRAY[r.reference_topic], 'matched',
            r.paid_at + interval '5 seconds', r.paid_at - interval '10 seconds'
       FROM secure_payments s JOIN requests r ON r.id = s.request_ids[1]
      WHERE s.status = 'completed' AND s.platform_id LIKE 'seedpf%'`,
    `INSERT INTO recurring_payments (id, platform_id, client_id_id, status, network, recurring_proxy, fee_proxy, payer, payee, token,
        payment_currency, currency_decimals, invoice_currency, invoice_amount, invoice_decimals, amount, fee_percentage, fee_amount,
        fee_address, gas_fee, frequency, period_seconds, first_exec, total_payments, permit, permit_signature, processed_payments,
        failure_count, reference, created_at, updated_at)
     SELECT pg_temp.time_key(x.at, 'rp' || i), pg_temp.platform_of(pg_temp.client_of(i)), pg_temp.client_row(pg_temp.client_of(i)), x.status,
            'sepolia', '0x' || pg_temp.hex('recproxy', 40), '0x' || pg_temp.hex('feeproxy', 40), x.payer, x.payee, x.token,
            'USDC-sepolia', 6, 'USDC-sepolia', 25000000, 6, 25000000, NULL, 0, NULL, 0, 'MONTHLY', 2592000,
            extract(epoch FROM x.at)::bigint, 12,
            jsonb_build_object('domain', jsonb_build_object('name', 'ERC20RecurringPaymentProxy', 'version', '1', 'chainId', 11155111,
                'verifyingContract', '0x' || pg_temp.hex('recproxy', 40)),
              'types', jsonb_build_object('SchedulePermit', '[]'::jsonb),
              'values', jsonb_build_object('subscriber', x.payer, 'token', x.token, 'recipient', x.payee, 'feeAddress', '0x' || repeat('0', 40),
                'amount', '25000000', 'feeAmount', '0', 'gasFee', '0', 'periodSeconds', 2592000, 'firstExec', extract(epoch FROM x.at)::bigint,
                'totalExecutions', 12, 'nonce', i::text, 'deadline', extract(epoch FROM x.at)::bigint + 86400, 'strictOrder', false)),
            CASE WHEN x.status <> 'awaiting_signature' THEN '0x' || pg_temp.hex('sig' || i, 130) END,
            CASE x.status WHEN 'completed' THEN 12 WHEN 'awaiting_signature' THEN 0 ELSE LEAST(11, (i % 12)) END, 0, NULL, x.at, x.at
       FROM generate_series(1::bigint, ${shape.recurring}) i
      CROSS JOIN LATERAL (
        SELECT pg_temp.year_ago() + i * interval '0' AS at, '0x' || pg_temp.hex('rpayer' || i, 40) AS payer,
               '0x' || pg_temp.hex('payee' || (i % 5000), 40) AS payee, '0x' || pg_temp.hex('usdcsepolia', 40) AS token,
               (ARRAY['active', 'active', 'active', 'active', 'completed', 'completed', 'completed', 'cancelled', 'paused', 'awaiting_signature'])[1 + i % 10] AS status) x`,
    // Keys live 24 h; a fifth are still live, the rest expired (nothing deletes them yet at seeding time).
    `INSERT INTO idempotency_keys (owner, key, route, request_hash, response_status, response_body, created_at, expires_at)
     SELECT 'client_id:' || pg_temp.client_row(pg_temp.client_of(i)), pg_temp.hex('idem' || i, 32), 'POST /v2/payouts', pg_temp.hex('h' || i, 64),
            201, jsonb_build_object('requestId', pg_temp.request_id(i)), x.at, x.at + interval '24 hours'
       FROM generate_series(1::bigint, ${shape.idempotencyKeys}) i
      CROSS JOIN LATERAL (SELECT CASE WHEN i % 5 = 0 THEN now() - make_interval(secs => i % 80000)
                                      ELSE pg_temp.year_ago() - interval '1 day' END + i * interval '0' AS at) x`,
  ];
}
