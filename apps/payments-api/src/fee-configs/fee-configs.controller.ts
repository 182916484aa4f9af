import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import type { FeeConfigOwner } from '@payrail/persistence';
import { Auth, type Caller, CurrentCaller, type OrchestratorCaller, PlatformAuth } from '@payrail/platform';
import { FeeConfigDto, type FeeConfigEnvelopeDto, type FeeConfigResponseDto } from './dto/fee-config.dto.js';
import { ApiDisableFeeConfig, ApiFeeConfigRoutes, ApiGetFeeConfig, ApiPutFeeConfig } from './fee-configs.openapi.js';
import { FeeConfigs } from './use-cases/fee-config.use-cases.js';

const platformOf = (caller: Caller): FeeConfigOwner => {
  if (caller.kind !== 'api-key' && caller.kind !== 'session') throw new Error('PlatformAuth admits only an API key or a session');
  return { kind: 'platform', platformId: caller.platformId };
};
const orchestratorOf = (caller: OrchestratorCaller): FeeConfigOwner => ({ kind: 'orchestrator', orchestratorId: caller.orchestratorId });

/** The platform's fee configuration: its API key, or a session of its account (the dashboard's Developers screen). */
@ApiFeeConfigRoutes('platform')
@Controller('v2/fee-config')
export class PlatformFeeConfigController {
  constructor(private readonly configs: FeeConfigs) {}

  @Get()
  @PlatformAuth()
  @ApiGetFeeConfig('platform')
  get(@CurrentCaller() caller: Caller): Promise<FeeConfigEnvelopeDto> {
    return this.configs.get(platformOf(caller));
  }

  @Put()
  @PlatformAuth({ cookieWrites: true })
  @ApiPutFeeConfig('platform')
  put(@Body() body: FeeConfigDto, @CurrentCaller() caller: Caller): Promise<FeeConfigResponseDto> {
    return this.configs.put(platformOf(caller), body);
  }

  @Delete()
  @PlatformAuth({ cookieWrites: true })
  @ApiDisableFeeConfig('platform')
  disable(@CurrentCaller() caller: Caller): Promise<FeeConfigResponseDto> {
    return this.configs.disable(platformOf(caller));
  }
}

/** The orchestrator's fee configuration (charged on the payments it creates for linked platforms): its x-orchestrator-key. */
@ApiFeeConfigRoutes('orchestrator')
@Controller('v2/orchestrators/fee-config')
export class OrchestratorFeeConfigController {
  constructor(private readonly configs: FeeConfigs) {}

  @Get()
  @Auth('orchestrator-key')
  @ApiGetFeeConfig('orchestrator')
  get(@CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<FeeConfigEnvelopeDto> {
    return this.configs.get(orchestratorOf(caller));
  }

  @Put()
  @Auth('orchestrator-key')
  @ApiPutFeeConfig('orchestrator')
  put(@Body() body: FeeConfigDto, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<FeeConfigResponseDto> {
    return this.configs.put(orchestratorOf(caller), body);
  }

  @Delete()
  @Auth('orchestrator-key')
  @ApiDisableFeeConfig('orchestrator')
  disable(@CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<FeeConfigResponseDto> {
    return this.configs.disable(orchestratorOf(caller));
  }
}
