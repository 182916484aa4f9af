import type { DataSource, EntityManager } from 'typeorm';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';

/** A pending request through a network's fee proxy, with what its deposit forwarder is bound to. */
export interface DepositCandidateRow {
  id: string;
  payment_reference: string;
  payee: string;
  currency_address: string | null;
  proxy_address: string;
  expected_amount: string;
  fee_amount: string;
  fee_address: string | null;
}

/** What a deposit address received and how it was swept (API and dashboard reads). */
export interface DepositAddressRow {
  request_id: string;
  network: string;
  address: string;
  token: string | null;
  expected: string;
  received: string;
  received_block: string | null;
  status: 'watching' | 'sweeping' | 'swept' | 'failed';
  sweep_tx_hash: string | null;
  sweep_gas_used: string | null;
  sweep_gas_cost: string | null;
  swept_at: Date | null;
}

/** A token Transfer log to a watched deposit address. */
export interface DepositTransferRecord {
  txHash: string;
  logIndex: number;
  address: string;
  token: string;
  sender: string;
  amount: bigint;
  block: number;
  counted: boolean;
}

export interface DepositWatchLimits {
  max: number;
  perPlatform: number;
  days: number;
}

/** deposit_addresses and deposit_transfers (pay by transfer, issue #34). */
export class DepositAddressesRepository {
  constructor(private readonly db: DataSource | EntityManager) {}

  /**
   * Pending requests of `network` through one of `proxies` (lower case), not yet swept, newest
   * first: at most `perPlatform` per platform and `max` in all.
   */
  candidates(network: string, proxies: string[], limits: DepositWatchLimits): Promise<DepositCandidateRow[]> {
    return sqlRows<DepositCandidateRow>(
      this.db,
      `SELECT r.id, r.payment_reference, r.payee, r.currency_address, r.proxy_address,
              r.expected_amount::text, r.fee_amount::text, r.fee_address
         FROM (SELECT r.*, row_number() OVER (PARTITION BY r.platform_id ORDER BY r.created_at DESC) AS platform_rank
                 FROM requests r
                WHERE r.network = $1 AND r.status = 'pending' AND lower(r.proxy_address) = ANY($2)
                  AND r.created_at > now() - make_interval(days => $3)) r
         LEFT JOIN deposit_addresses d ON d.request_id = r.id
        WHERE r.platform_rank <= $4 AND (d.status IS NULL OR d.status = 'watching')
        ORDER BY r.platform_rank, r.created_at DESC
        LIMIT $5`,
      [network, proxies, limits.days, limits.perPlatform, limits.max],
    );
  }

  /** The forwarder terms' columns of these requests, whatever their status (a refund of what their forwarder holds). */
  termsRows(requestIds: string[]): Promise<DepositCandidateRow[]> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return sqlRows<DepositCandidateRow>(
      this.db,
      `SELECT r.id, r.payment_reference, r.payee, r.currency_address, r.proxy_address, r.expected_amount::text, r.fee_amount::text,
              r.fee_address
         FROM requests r WHERE r.id = ANY($1::text[])`,
      [requestIds],
    );
  }

  /** The head block the sweeper of `network` last read and the confirmations it waits for (one row per network). */
  async recordHead(network: string, headBlock: number, confirmations: number): Promise<void> {
    await sqlExecute(
      this.db,
      `INSERT INTO deposit_heads (network, head_block, confirmations) VALUES ($1, $2, $3)
       ON CONFLICT (network) DO UPDATE SET head_block = EXCLUDED.head_block, confirmations = EXCLUDED.confirmations, updated_at = now()`,
      [network, headBlock, confirmations],
    );
  }

  /** The confirmations so far of the newest counted transfer to `address`, against those required; null when unknown. */
  async confirmations(network: string, address: string): Promise<{ seen: number; required: number } | null> {
    const [row] = await sqlRows<{ head_block: string; confirmations: number; block: string | null }>(
      this.db,
      `SELECT h.head_block::text, h.confirmations,
              (SELECT max(t.block_number)::text FROM deposit_transfers t WHERE t.network = h.network AND t.address = $2 AND t.counted) AS block
         FROM deposit_heads h WHERE h.network = $1`,
      [network, address],
    );
    if (!row?.block) return null;
    const seen = Math.max(0, Number(row.head_block) - Number(row.block)); // blocks on top: counted once it reaches `required`
    return { seen: Math.min(seen, row.confirmations), required: row.confirmations };
  }

  /** Records the confirmed balance of each watched address (one statement); a row not watching is left as it is. */
  async recordReceived(
    network: string,
    factory: string,
    block: number,
    rows: { requestId: string; address: string; token: string | null; expected: bigint; received: bigint }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await sqlExecute(
      this.db,
      `INSERT INTO deposit_addresses (request_id, network, address, factory, token, expected, received, received_block)
       SELECT u.id, $1, u.address, $2, u.token, u.expected::numeric, u.received::numeric, $3
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS u(id, address, token, expected, received)
       ON CONFLICT (request_id) DO UPDATE SET received = EXCLUDED.received, received_block = EXCLUDED.received_block, updated_at = now()
        WHERE deposit_addresses.status = 'watching' AND deposit_addresses.received IS DISTINCT FROM EXCLUDED.received`,
      [
        network,
        factory,
        block,
        rows.map((d) => d.requestId),
        rows.map((d) => d.address),
        rows.map((d) => d.token),
        rows.map((d) => d.expected.toString()),
        rows.map((d) => d.received.toString()),
      ],
    );
  }

  /** Moves the given watched rows to `sweeping`; returns those this caller won (another replica's claim wins the rest). */
  async claim(requestIds: string[]): Promise<Set<string>> {
    if (requestIds.length === 0) return new Set();
    const rows = await sqlRows<{ request_id: string }>(
      this.db,
      `UPDATE deposit_addresses SET status = 'sweeping', attempts = attempts + 1, sweep_sent_at = now(), sweep_tx_hash = NULL, updated_at = now()
        WHERE request_id = ANY($1) AND status = 'watching' RETURNING request_id`,
      [requestIds],
    );
    return new Set(rows.map((r) => r.request_id));
  }

  /** The sweep transaction of `requestIds` (one batch) was broadcast. */
  async sent(requestIds: string[], txHash: string): Promise<void> {
    await sqlExecute(this.db, `UPDATE deposit_addresses SET sweep_tx_hash = $2, updated_at = now() WHERE request_id = ANY($1)`, [
      requestIds,
      txHash,
    ]);
  }

  /** Back to watching (a sweep that could not be sent, or whose transaction vanished), with why. */
  async release(requestId: string, error: string): Promise<void> {
    await sqlExecute(
      this.db,
      `UPDATE deposit_addresses SET status = 'watching', sweep_tx_hash = NULL, last_error = $2, updated_at = now() WHERE request_id = $1 AND status = 'sweeping'`,
      [requestId, error.slice(0, 500)],
    );
  }

  /** The sweeps of `network` sent (or claimed) and not yet mined. */
  open(network: string): Promise<{ request_id: string; address: string; sweep_tx_hash: string | null; sweep_sent_at: Date }[]> {
    return sqlRows(
      this.db,
      `SELECT request_id, address, sweep_tx_hash, sweep_sent_at FROM deposit_addresses WHERE network = $1 AND status = 'sweeping'`,
      [network],
    );
  }

  /** The sweep was mined: swept or failed (reverted), with the relayer's gas used and its cost in wei. */
  async mined(requestId: string, ok: boolean, gasUsed: bigint, gasCost: bigint, at: Date): Promise<void> {
    await sqlExecute(
      this.db,
      `UPDATE deposit_addresses SET status = $2, sweep_gas_used = $3::numeric, sweep_gas_cost = $4::numeric, swept_at = $5,
              last_error = CASE WHEN $2 = 'failed' THEN 'sweep reverted' ELSE last_error END, updated_at = now()
        WHERE request_id = $1 AND status = 'sweeping'`,
      [requestId, ok ? 'swept' : 'failed', gasUsed.toString(), gasCost.toString(), at],
    );
  }

  /** Records token Transfer logs to watched addresses (a log seen twice is kept once). */
  async recordTransfers(network: string, transfers: DepositTransferRecord[]): Promise<void> {
    if (transfers.length === 0) return;
    await sqlExecute(
      this.db,
      `INSERT INTO deposit_transfers (network, tx_hash, log_index, address, token, sender, amount, block_number, counted)
       SELECT $1, u.tx, u.li, u.address, u.token, u.sender, u.amount::numeric, u.block, u.counted
         FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::boolean[])
              AS u(tx, li, address, token, sender, amount, block, counted)
       ON CONFLICT DO NOTHING`,
      [
        network,
        transfers.map((t) => t.txHash),
        transfers.map((t) => t.logIndex),
        transfers.map((t) => t.address),
        transfers.map((t) => t.token),
        transfers.map((t) => t.sender),
        transfers.map((t) => t.amount.toString()),
        transfers.map((t) => t.block),
        transfers.map((t) => t.counted),
      ],
    );
  }

  /** The deposit rows of the given requests (API, dashboard). */
  forRequests(requestIds: string[]): Promise<DepositAddressRow[]> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return sqlRows<DepositAddressRow>(
      this.db,
      `SELECT request_id, network, address, token, expected::text, received::text, received_block::text, status,
              sweep_tx_hash, sweep_gas_used::text, sweep_gas_cost::text, swept_at
         FROM deposit_addresses WHERE request_id = ANY($1)`,
      [requestIds],
    );
  }

  /** Token transfers of other tokens seen at a deposit address (recorded, never counted). */
  uncounted(network: string, address: string): Promise<{ token: string; amount: string; tx_hash: string }[]> {
    return sqlRows(
      this.db,
      `SELECT token, amount::text, tx_hash FROM deposit_transfers WHERE network = $1 AND lower(address) = lower($2) AND NOT counted ORDER BY block_number`,
      [network, address],
    );
  }
}
