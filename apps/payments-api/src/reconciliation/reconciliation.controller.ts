import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth, RateLimitClassOf } from '@payrail/platform';
import {
  CreateReconciliationRunDto,
  ListReconciliationRunsQueryDto,
  type ReconciliationRunDetailDto,
  type ReconciliationRunDto,
  type ReconciliationRunListDto,
} from './dto/reconciliation.dto.js';
import {
  ApiCreateReconciliationRun,
  ApiGetReconciliationRun,
  ApiListReconciliationRuns,
  ApiReconciliationController,
} from './reconciliation.openapi.js';
import { CreateReconciliationRun } from './use-cases/create-reconciliation-run.use-case.js';
import { GetReconciliationRun } from './use-cases/get-reconciliation-run.use-case.js';
import { ListReconciliationRuns } from './use-cases/list-reconciliation-runs.use-case.js';

/** /v2/reconciliation/runs (extension, issue #36): the ledger compared with the chain, by the platform's own secrets (API key, dashboard session). */
@ApiReconciliationController()
@PlatformAuth()
@RateLimitClassOf('management')
@Controller('v2/reconciliation/runs')
export class ReconciliationController {
  constructor(
    private readonly create: CreateReconciliationRun,
    private readonly list: ListReconciliationRuns,
    private readonly get: GetReconciliationRun,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreateReconciliationRun()
  createRun(
    @Body() body: CreateReconciliationRunDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<ReconciliationRunDto> {
    return this.create.execute({ platformId: caller.platformId, body });
  }

  @Get()
  @ApiListReconciliationRuns()
  listRuns(
    @Query() query: ListReconciliationRunsQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<ReconciliationRunListDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }

  @Get(':id')
  @ApiGetReconciliationRun()
  getRun(@Param('id') id: string, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<ReconciliationRunDetailDto> {
    return this.get.execute({ platformId: caller.platformId, id });
  }
}
