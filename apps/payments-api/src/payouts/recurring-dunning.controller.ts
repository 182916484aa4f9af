import { Body, Controller, Get, HttpCode, Put } from '@nestjs/common';
import { type Caller, CurrentCaller, PlatformAuth } from '@payrail/platform';
import { DunningPolicyDto, type DunningPolicyResponseDto } from './dto/dunning-policy.dto.js';
import { ApiDunningPolicyRoutes, ApiGetDunningPolicy, ApiPutDunningPolicy } from './recurring-dunning.openapi.js';
import { GetDunningPolicy, PutDunningPolicy } from './use-cases/dunning-policy.use-case.js';

const platformOf = (caller: Caller): string => {
  if (caller.kind !== 'api-key' && caller.kind !== 'session') throw new Error('PlatformAuth admits only an API key or a session');
  return caller.platformId;
};

/** The platform's dunning policy for its recurring payments (issue #37): its API key, or a session of its account (the dashboard). */
@ApiDunningPolicyRoutes()
@Controller('v2/payouts/recurring-dunning-policy')
export class RecurringDunningController {
  constructor(
    private readonly getPolicy: GetDunningPolicy,
    private readonly putPolicy: PutDunningPolicy,
  ) {}

  @Get()
  @PlatformAuth()
  @ApiGetDunningPolicy()
  get(@CurrentCaller() caller: Caller): Promise<DunningPolicyResponseDto> {
    return this.getPolicy.execute({ platformId: platformOf(caller) });
  }

  @Put()
  @HttpCode(200)
  @PlatformAuth({ cookieWrites: true })
  @ApiPutDunningPolicy()
  put(@Body() body: DunningPolicyDto, @CurrentCaller() caller: Caller): Promise<DunningPolicyResponseDto> {
    return this.putPolicy.execute({ platformId: platformOf(caller), policy: body });
  }
}
