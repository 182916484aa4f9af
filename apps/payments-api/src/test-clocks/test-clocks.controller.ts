import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth, RateLimitClassOf } from '@payrail/platform';
import type { Response } from 'express';
import {
  AdvanceTestClockDto,
  CreateTestClockDto,
  type DeletedTestClockDto,
  type TestClockDryRunDto,
  type TestClockDto,
} from './dto/test-clock.dto.js';
import {
  ApiAdvanceTestClock,
  ApiCreateTestClock,
  ApiDeleteTestClock,
  ApiGetTestClock,
  ApiTestClocksController,
} from './test-clocks.openapi.js';
import { AdvanceTestClock } from './use-cases/advance-test-clock.use-case.js';
import { CreateTestClock } from './use-cases/create-test-clock.use-case.js';
import { DeleteTestClock } from './use-cases/delete-test-clock.use-case.js';
import { GetTestClock } from './use-cases/get-test-clock.use-case.js';

/** /v2/test-clocks (extension, issue #37): simulated time for recurring payments on the local chain; refused in production. */
@ApiTestClocksController()
@PlatformAuth()
@RateLimitClassOf('management')
@Controller('v2/test-clocks')
export class TestClocksController {
  constructor(
    private readonly createClock: CreateTestClock,
    private readonly getClock: GetTestClock,
    private readonly advanceClock: AdvanceTestClock,
    private readonly deleteClock: DeleteTestClock,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreateTestClock()
  create(@Body() body: CreateTestClockDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<TestClockDto> {
    return this.createClock.execute({ platformId: caller.platformId, body });
  }

  @Get(':id')
  @ApiGetTestClock()
  get(@Param('id') id: string, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<TestClockDto> {
    return this.getClock.execute({ platformId: caller.platformId, id });
  }

  @Post(':id/advance')
  @HttpCode(202)
  @ApiAdvanceTestClock()
  async advance(
    @Param('id') id: string,
    @Body() body: AdvanceTestClockDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TestClockDto | TestClockDryRunDto> {
    const outcome = await this.advanceClock.execute({ platformId: caller.platformId, id, body });
    if (outcome.dryRun) res.status(200);
    return outcome.view;
  }

  @Delete(':id')
  @ApiDeleteTestClock()
  delete(@Param('id') id: string, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<DeletedTestClockDto> {
    return this.deleteClock.execute({ platformId: caller.platformId, id });
  }
}
