import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Auth, CurrentCaller, Public, RateLimitClassOf, type OrchestratorCaller, type SessionCaller } from '@payrail/platform';
import { CompleteLinkIntent } from './use-cases/complete-link-intent.use-case.js';
import { CreateLinkIntent } from './use-cases/create-link-intent.use-case.js';
import { ViewLinkIntent } from './use-cases/view-link-intent.use-case.js';
import {
  CompleteLinkIntentDto,
  CompletedLinkIntentDto,
  CreateLinkIntentDto,
  CreatedLinkIntentDto,
  LinkIntentViewDto,
} from './dto/link-intent.dto.js';
import { ApiLinkIntentsController, ApiCreateLinkIntent, ApiGetLinkIntent, ApiCompleteLinkIntent } from './link-intents.openapi.js';

/** Onboarding link intents: how an orchestrator gets a platform's Client ID linked with client_id.linked. */
@ApiLinkIntentsController()
@Controller('v2/orchestrators/link-intents')
export class LinkIntentsController {
  constructor(
    private readonly create: CreateLinkIntent,
    private readonly complete: CompleteLinkIntent,
    private readonly view: ViewLinkIntent,
  ) {}

  @Post()
  @HttpCode(201)
  @Auth('orchestrator-key')
  @ApiCreateLinkIntent()
  createLinkIntent(
    @Body() body: CreateLinkIntentDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
  ): Promise<CreatedLinkIntentDto> {
    return this.create.execute({ caller, externalId: body.externalId, clientId: body.clientId });
  }

  @Get(':intentId')
  @Public('hosted onboarding page: the intent id in the onboarding URL is the bearer secret (a ULID, 7 days)')
  @RateLimitClassOf('ip')
  @ApiGetLinkIntent()
  getLinkIntent(@Param('intentId') intentId: string): Promise<LinkIntentViewDto> {
    return this.view.execute({ intentId });
  }

  @Post(':intentId/complete')
  @HttpCode(200)
  @Auth('session')
  @ApiCompleteLinkIntent()
  completeLinkIntent(
    @Param('intentId') intentId: string,
    @Body() body: CompleteLinkIntentDto,
    @CurrentCaller('session') caller: SessionCaller,
  ): Promise<CompletedLinkIntentDto> {
    return this.complete.execute({ caller, intentId, body });
  }
}
