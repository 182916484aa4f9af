import { Inject, Injectable } from '@nestjs/common';
import { configuredRpcUrls } from '@payrail/chains';
import { newUlid, PayrailError } from '@payrail/domain';
import { ReconciliationRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import type { CreateReconciliationRunDto, ReconciliationRunDto } from '../dto/reconciliation.dto.js';
import { runView } from '../reconciliation-view.js';

/** Longest window a run may cover. */
const MAX_WINDOW_MS = 31 * 86_400_000;

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `${field} ${message}`, { fields: [{ field, message }] });

/**
 * POST /v2/reconciliation/runs: queues a run over the platform's own requests on a network and
 * window; chain-worker's reconciliation leader runs it (status `queued`, then `running`, then
 * `completed` with its discrepancies). The run reads and reports; it changes nothing.
 */
@Injectable()
export class CreateReconciliationRun {
  constructor(
    private readonly db: DataSource,
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
  ) {}

  async execute({ platformId, body }: { platformId: string; body: CreateReconciliationRunDto }): Promise<ReconciliationRunDto> {
    const from = new Date(body.from);
    const to = new Date(body.to);
    if (Number.isNaN(from.getTime())) throw invalid('from', 'is not a valid date-time');
    if (Number.isNaN(to.getTime())) throw invalid('to', 'is not a valid date-time');
    if (to <= from) throw invalid('to', 'must be after from');
    if (to.getTime() - from.getTime() > MAX_WINDOW_MS) throw invalid('to', 'must be at most 31 days after from');
    if (to.getTime() > Date.now()) throw invalid('to', 'must not be in the future');
    // The deployment reads a network through the same RPC_URL_<NETWORK> in every app: none here, none to reconcile with.
    if (!configuredRpcUrls(this.env)[body.network as keyof ReturnType<typeof configuredRpcUrls>])
      throw invalid('network', `has no RPC configured on this deployment`);
    const repo = new ReconciliationRepository(this.db.manager);
    const id = newUlid();
    await repo.createRun({ id, platformId, network: body.network, from, to, trigger: 'api' });
    return runView((await repo.run(id, platformId))!);
  }
}
