import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { ReconciliationRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { ReconciliationRunDetailDto } from '../dto/reconciliation.dto.js';
import { discrepancyView, runView } from '../reconciliation-view.js';

/** GET /v2/reconciliation/runs/{id}: a run with the discrepancies of the platform's requests and their evidence (another platform's run is 404). */
@Injectable()
export class GetReconciliationRun {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, id }: { platformId: string; id: string }): Promise<ReconciliationRunDetailDto> {
    const repo = new ReconciliationRepository(this.db.manager);
    const run = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? await repo.run(id, platformId) : undefined;
    if (!run) throw new PayrailError('NOT_FOUND', 'Reconciliation run not found');
    const [counts, items] = await Promise.all([repo.counts([id], platformId), repo.discrepancies(id, { platformId })]);
    return { ...runView(run, counts.get(id)), discrepancyItems: items.map(discrepancyView) };
  }
}
