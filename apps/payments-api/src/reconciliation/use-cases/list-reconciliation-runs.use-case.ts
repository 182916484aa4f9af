import { Injectable } from '@nestjs/common';
import { ReconciliationRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { ListReconciliationRunsQueryDto, ReconciliationRunListDto } from '../dto/reconciliation.dto.js';
import { runView } from '../reconciliation-view.js';

/** GET /v2/reconciliation/runs: the platform's runs and the operator's, newest first, counting only its own discrepancies. */
@Injectable()
export class ListReconciliationRuns {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: ListReconciliationRunsQueryDto }): Promise<ReconciliationRunListDto> {
    const repo = new ReconciliationRepository(this.db.manager);
    const runs = await repo.runs({ platformId, network: query.network, limit: query.limit ?? 20 });
    const counts = await repo.counts(
      runs.map((r) => r.id),
      platformId,
    );
    return { runs: runs.map((r) => runView(r, counts.get(r.id))) };
  }
}
