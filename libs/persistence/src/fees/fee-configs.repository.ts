import type { FeeBearer } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';
import { FeeConfigEntity } from './fee-config.entity.js';

/** Whose fee configuration: a platform's or an orchestrator's. */
export type FeeConfigOwner = { kind: 'platform'; platformId: string } | { kind: 'orchestrator'; orchestratorId: string };

/** What a caller sets (the cap in cents). */
export interface FeeConfigValues {
  bps: number;
  usdCapCents: bigint | null;
  feeBearer: FeeBearer;
  evmRecipientAddress: string | null;
  tronRecipientAddress: string | null;
  status: 'active' | 'disabled';
}

/** A stored configuration as the fee resolver reads it. */
export interface FeeConfigRecord extends FeeConfigValues {
  id: string;
  updatedAt: Date;
}

const column = (owner: FeeConfigOwner) => (owner.kind === 'platform' ? 'platform_id' : 'orchestrator_id');
const ownerId = (owner: FeeConfigOwner) => (owner.kind === 'platform' ? owner.platformId : owner.orchestratorId);

const recordOf = (row: FeeConfigEntity): FeeConfigRecord => ({
  id: row.id,
  bps: row.bps,
  usdCapCents: row.usdCapCents === null ? null : BigInt(row.usdCapCents),
  feeBearer: row.feeBearer,
  evmRecipientAddress: row.evmRecipientAddress,
  tronRecipientAddress: row.tronRecipientAddress,
  status: row.status,
  updatedAt: row.updatedAt,
});

/** Fee configurations, one per owner, always read and written through their owner. */
export class FeeConfigsRepository {
  constructor(private readonly manager: EntityManager) {}

  async of(owner: FeeConfigOwner): Promise<FeeConfigRecord | null> {
    const row = await this.manager.findOneBy(
      FeeConfigEntity,
      owner.kind === 'platform' ? { platformId: owner.platformId } : { orchestratorId: owner.orchestratorId },
    );
    return row ? recordOf(row) : null;
  }

  /** Creates or replaces the owner's configuration (one statement: concurrent writes keep one row). */
  async put(owner: FeeConfigOwner, values: FeeConfigValues): Promise<FeeConfigRecord> {
    const col = column(owner);
    await sqlOne(
      this.manager,
      `INSERT INTO fee_configs (id, ${col}, bps, usd_cap_cents, fee_bearer, evm_recipient_address, tron_recipient_address, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (${col}) WHERE ${col} IS NOT NULL DO UPDATE SET bps = EXCLUDED.bps, usd_cap_cents = EXCLUDED.usd_cap_cents,
         fee_bearer = EXCLUDED.fee_bearer, evm_recipient_address = EXCLUDED.evm_recipient_address,
         tron_recipient_address = EXCLUDED.tron_recipient_address, status = EXCLUDED.status, updated_at = now()
       RETURNING id`,
      [
        ulid(),
        ownerId(owner),
        values.bps,
        values.usdCapCents?.toString() ?? null,
        values.feeBearer,
        values.evmRecipientAddress,
        values.tronRecipientAddress,
        values.status,
      ],
    );
    return (await this.of(owner))!;
  }

  /** Disables the owner's configuration; false when it has none. */
  async disable(owner: FeeConfigOwner): Promise<boolean> {
    const col = column(owner);
    return (
      (await sqlExecute(this.manager, `UPDATE fee_configs SET status = 'disabled', updated_at = now() WHERE ${col} = $1`, [
        ownerId(owner),
      ])) > 0
    );
  }
}
