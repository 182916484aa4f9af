import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';

/** A platform's payee destination (table payee_destinations). */
export interface PayeeDestinationRow {
  id: string;
  platformId: string;
  destinationId: string;
  walletAddress: string;
  network: string;
  chainId: number;
  currencyId: string;
  tokenAddress: string;
  label: string | null;
  active: boolean;
  createdAt: Date;
  deactivatedAt: Date | null;
}

export type NewPayeeDestination = Omit<PayeeDestinationRow, 'active' | 'createdAt' | 'deactivatedAt'>;

interface Raw {
  id: string;
  platform_id: string;
  destination_id: string;
  wallet_address: string;
  network: string;
  chain_id: string;
  currency_id: string;
  token_address: string;
  label: string | null;
  active: boolean;
  created_at: Date;
  deactivated_at: Date | null;
}

const COLUMNS =
  'id, platform_id, destination_id, wallet_address, network, chain_id, currency_id, token_address, label, active, created_at, deactivated_at';

const row = (r: Raw): PayeeDestinationRow => ({
  id: r.id,
  platformId: r.platform_id,
  destinationId: r.destination_id,
  walletAddress: r.wallet_address,
  network: r.network,
  chainId: Number(r.chain_id),
  currencyId: r.currency_id,
  tokenAddress: r.token_address,
  label: r.label,
  active: r.active,
  createdAt: r.created_at,
  deactivatedAt: r.deactivated_at,
});

/** Payee destinations, always read and changed through their platform (a cross-platform read cannot be written). */
export class PayeeDestinationsRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Creates the destination, or reactivates the platform's existing one with the same destination id
   * (its label replaced when one is given). Returns the row and whether it was new.
   */
  async upsert(d: NewPayeeDestination): Promise<{ destination: PayeeDestinationRow; created: boolean }> {
    const found = await sqlOne<Raw & { created: boolean }>(
      this.manager,
      `INSERT INTO payee_destinations (id, platform_id, destination_id, wallet_address, network, chain_id, currency_id, token_address, label)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (platform_id, destination_id) DO UPDATE
            SET active = true, deactivated_at = NULL, label = COALESCE(EXCLUDED.label, payee_destinations.label)
       RETURNING ${COLUMNS}, (xmax = 0) AS created`,
      [d.id, d.platformId, d.destinationId, d.walletAddress, d.network, d.chainId, d.currencyId, d.tokenAddress, d.label],
    );
    return { destination: row(found!), created: found!.created };
  }

  /** Serialises the platform's destination creations until the transaction ends (the cap holds under concurrency). */
  async lockPlatform(platformId: string): Promise<void> {
    await sqlExecute(this.manager, 'SELECT 1 FROM platforms WHERE id = $1 FOR UPDATE', [platformId]);
  }

  /** How many destinations (active or not) the platform holds. */
  async count(platformId: string): Promise<number> {
    const found = await sqlOne<{ n: number }>(this.manager, 'SELECT count(*)::int AS n FROM payee_destinations WHERE platform_id = $1', [
      platformId,
    ]);
    return found?.n ?? 0;
  }

  /** The platform's destinations, newest first, optionally narrowed to one wallet (canonical: EIP-55 or base58) and/or state. */
  async list(platformId: string, filter: { walletAddress?: string; active?: boolean } = {}): Promise<PayeeDestinationRow[]> {
    const rows = await sqlRows<Raw>(
      this.manager,
      `SELECT ${COLUMNS} FROM payee_destinations
        WHERE platform_id = $1 AND ($2::text IS NULL OR wallet_address = $2) AND ($3::boolean IS NULL OR active = $3)
        ORDER BY created_at DESC, id DESC`,
      [platformId, filter.walletAddress ?? null, filter.active ?? null],
    );
    return rows.map(row);
  }

  async byDestinationId(platformId: string, destinationId: string): Promise<PayeeDestinationRow | undefined> {
    const found = await sqlOne<Raw>(
      this.manager,
      `SELECT ${COLUMNS} FROM payee_destinations WHERE platform_id = $1 AND destination_id = $2`,
      [platformId, destinationId],
    );
    return found && row(found);
  }

  async byId(platformId: string, id: string): Promise<PayeeDestinationRow | undefined> {
    const found = await sqlOne<Raw>(this.manager, `SELECT ${COLUMNS} FROM payee_destinations WHERE platform_id = $1 AND id = $2`, [
      platformId,
      id,
    ]);
    return found && row(found);
  }

  /** Deactivates (never deletes: secure payments and Client IDs keep pointing at it); idempotent. */
  async deactivate(platformId: string, destinationId: string): Promise<PayeeDestinationRow | undefined> {
    const found = await sqlOne<Raw>(
      this.manager,
      `UPDATE payee_destinations SET active = false, deactivated_at = COALESCE(deactivated_at, now())
        WHERE platform_id = $1 AND destination_id = $2 RETURNING ${COLUMNS}`,
      [platformId, destinationId],
    );
    return found && row(found);
  }

  /** Binds a Client ID of the platform to one of its destinations (by destination id; null unbinds). */
  async bindClientId(platformId: string, clientIdId: string, destinationId: string | null): Promise<void> {
    await sqlExecute(
      this.manager,
      'UPDATE client_ids SET payee_destination_id = $3, updated_at = now() WHERE platform_id = $1 AND id = $2',
      [platformId, clientIdId, destinationId],
    );
  }

  /** The destination a Client ID of the platform is bound to, if any (active or not). */
  async boundTo(platformId: string, clientIdId: string): Promise<PayeeDestinationRow | undefined> {
    const found = await sqlOne<Raw>(
      this.manager,
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `d.${c}`)
        .join(
          ', ',
        )} FROM client_ids c JOIN payee_destinations d ON d.platform_id = c.platform_id AND d.destination_id = c.payee_destination_id
        WHERE c.platform_id = $1 AND c.id = $2`,
      [platformId, clientIdId],
    );
    return found && row(found);
  }
}
