import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/**
 * Reconciliation reads the ledger's transfers by block range (every transfer, settled or not:
 * payment_transfers_unsettled covers only the unsettled ones), span after span of a day.
 */
export class ReconciliationBlockIndex1763886935000 implements MigrationInterface {
  name = 'ReconciliationBlockIndex1763886935000';
  /** Built CONCURRENTLY (see online-index.ts): detection's writes never wait on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexOnline(q, 'payment_transfers_block', 'payment_transfers (network, block_number)');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'payment_transfers_block');
  }
}
