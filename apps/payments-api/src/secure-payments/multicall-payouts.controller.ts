import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Auth, type Caller, CurrentCaller, type SessionCaller } from '@payrail/platform';
import { CreateMulticallDto } from './dto/multicall.dto.js';
import { MulticallStateDto } from './dto/multicall-responses.dto.js';
import { CreateMulticall, type CreatedMulticall } from './use-cases/create-multicall.use-case.js';
import { GetMulticall } from './use-cases/get-multicall.use-case.js';
import { ApiMulticallPayoutsController, ApiCreateMulticallPayout, ApiGetMulticallPayout } from './multicall-payouts.openapi.js';

@ApiMulticallPayoutsController()
@Controller('v2/secure-payments/multicall-payouts')
export class MulticallPayoutsController {
  constructor(
    private readonly create: CreateMulticall,
    private readonly get: GetMulticall,
  ) {}

  @Post()
  @HttpCode(201)
  @Auth('orchestrator-key-with-client-id', 'api-key', 'client-id')
  @ApiCreateMulticallPayout()
  createMulticallPayout(@Body() body: CreateMulticallDto, @CurrentCaller() caller: Caller): Promise<CreatedMulticall> {
    return this.create.execute({ caller, body });
  }

  @Get(':token')
  @Auth('session')
  @ApiGetMulticallPayout()
  getMulticallPayout(@Param('token') token: string, @CurrentCaller('session') caller: SessionCaller): Promise<MulticallStateDto> {
    return this.get.execute({ caller, token });
  }
}
