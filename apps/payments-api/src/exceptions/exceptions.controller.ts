import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { PaymentExceptionView } from '@payrail/domain';
import { type Caller, CurrentCaller, PlatformAuth } from '@payrail/platform';
import type { Response } from 'express';
import { ExceptionIdParam, ListExceptionsQueryDto, type ExceptionPageDto, type RemainderRequestedDto } from './dto/exception.dto.js';
import { ExceptionSettingsDto, type ExceptionSettingsResponseDto } from './dto/exception-settings.dto.js';
import {
  ApiAcceptException,
  ApiExceptionRoutes,
  ApiGetException,
  ApiGetExceptionSettings,
  ApiListExceptions,
  ApiPutExceptionSettings,
  ApiRequestRemainder,
} from './exceptions.openapi.js';
import { AcceptException } from './use-cases/accept-exception.use-case.js';
import { ExceptionSettingsUseCase } from './use-cases/exception-settings.use-case.js';
import { platformOf } from './use-cases/exception-transaction.js';
import { ListExceptions } from './use-cases/list-exceptions.use-case.js';
import { RequestRemainder } from './use-cases/request-remainder.use-case.js';

/** Payment exceptions of the platform: its API key, or a session of its account (the dashboard's Exceptions screen). */
@ApiExceptionRoutes()
@Controller('v2/exceptions')
export class ExceptionsController {
  constructor(
    private readonly list: ListExceptions,
    private readonly acceptException: AcceptException,
    private readonly remainder: RequestRemainder,
  ) {}

  @Get()
  @PlatformAuth()
  @ApiListExceptions()
  listExceptions(@Query() query: ListExceptionsQueryDto, @CurrentCaller() caller: Caller): Promise<ExceptionPageDto> {
    return this.list.execute({ platformId: platformOf(caller), query });
  }

  @Get(':id')
  @PlatformAuth()
  @ApiGetException()
  getException(@Param() params: ExceptionIdParam, @CurrentCaller() caller: Caller): Promise<PaymentExceptionView> {
    return this.list.one({ platformId: platformOf(caller), id: params.id });
  }

  @Post(':id/accept')
  @HttpCode(200)
  @PlatformAuth({ cookieWrites: true })
  @ApiAcceptException()
  async accept(
    @Param() params: ExceptionIdParam,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<PaymentExceptionView> {
    const outcome = await this.acceptException.execute({ caller, id: params.id, idempotencyKey });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.response;
  }

  @Post(':id/request-remainder')
  @HttpCode(201)
  @PlatformAuth({ cookieWrites: true })
  @ApiRequestRemainder()
  async requestRemainder(
    @Param() params: ExceptionIdParam,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<RemainderRequestedDto> {
    const outcome = await this.remainder.execute({ caller, id: params.id, idempotencyKey });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.response;
  }
}

/** The platform's underpaid tolerance and late window (the dashboard's Exceptions screen has the form). */
@ApiExceptionRoutes()
@Controller('v2/exception-settings')
export class ExceptionSettingsController {
  constructor(private readonly settings: ExceptionSettingsUseCase) {}

  @Get()
  @PlatformAuth()
  @ApiGetExceptionSettings()
  get(@CurrentCaller() caller: Caller): Promise<ExceptionSettingsResponseDto> {
    return this.settings.get(platformOf(caller));
  }

  @Put()
  @PlatformAuth({ cookieWrites: true })
  @ApiPutExceptionSettings()
  put(@Body() body: ExceptionSettingsDto, @CurrentCaller() caller: Caller): Promise<ExceptionSettingsResponseDto> {
    return this.settings.put(platformOf(caller), body);
  }
}
