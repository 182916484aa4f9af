import { Module } from '@nestjs/common';
import { ReconciliationController } from './reconciliation.controller.js';
import { CreateReconciliationRun } from './use-cases/create-reconciliation-run.use-case.js';
import { GetReconciliationRun } from './use-cases/get-reconciliation-run.use-case.js';
import { ListReconciliationRuns } from './use-cases/list-reconciliation-runs.use-case.js';

/** /v2/reconciliation/runs: queue a run (chain-worker runs it) and read runs with their discrepancies. */
@Module({
  controllers: [ReconciliationController],
  providers: [CreateReconciliationRun, ListReconciliationRuns, GetReconciliationRun],
})
export class ReconciliationModule {}
