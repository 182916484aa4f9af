import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  Auth,
  type Caller,
  type ClientIdCaller,
  CurrentCaller,
  PlatformAuth,
  HostedPageRoute,
  PresentedWalletProof,
} from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
import { CreateSecurePaymentDto } from './dto/create-secure-payment.dto.js';
import { SecurePaymentQueryDto } from './dto/secure-payment-query.dto.js';
import { CreateSecurePayment, type CreatedSecurePayment } from './use-cases/create-secure-payment.use-case.js';
import { GetSecurePayment } from './use-cases/get-secure-payment.use-case.js';
import { InvalidateSecurePayment } from './use-cases/invalidate-secure-payment.use-case.js';
import { RecordUserEvent } from './use-cases/record-user-event.use-case.js';
import { UserEventDto } from './dto/user-event.dto.js';
import { PayoutLinkDto } from './dto/payout-link.dto.js';
import { CreatePayoutLink } from './use-cases/create-payout-link.use-case.js';
import type { BatchPaymentView } from './views/batch-view.js';
import type { SinglePaymentView } from './views/single-view.js';
import type { MulticallStateView } from './views/multicall-state.js';
import { UserEventsRateLimit } from './user-events-rate-limit.guard.js';
import {
  ApiCreatePayoutLink,
  ApiCreateSecurePayment,
  ApiGetSecurePayment,
  ApiInvalidateSecurePayment,
  ApiReportUserEvent,
  ApiSecurePayments,
} from './secure-payments.openapi.js';

@ApiSecurePayments()
@Controller('v2/secure-payments')
export class SecurePaymentsController {
  constructor(
    private readonly create: CreateSecurePayment,
    private readonly get: GetSecurePayment,
    private readonly invalidate: InvalidateSecurePayment,
    private readonly userEvents: RecordUserEvent,
    private readonly payoutLink: CreatePayoutLink,
  ) {}

  @Post()
  @HttpCode(201)
  @Auth('orchestrator-key-with-client-id', 'api-key', 'client-id', 'session')
  @ApiCreateSecurePayment()
  createSecurePayment(@Body() body: CreateSecurePaymentDto, @CurrentCaller() caller: Caller): Promise<CreatedSecurePayment> {
    return this.create.execute({ caller, body });
  }

  @Post('payouts')
  @HttpCode(201)
  @Auth('orchestrator-key-with-client-id', 'api-key', 'client-id')
  @ApiCreatePayoutLink()
  createPayoutLink(@Body() body: PayoutLinkDto, @CurrentCaller() caller: Caller): Promise<CreatedSecurePayment> {
    return this.payoutLink.execute({ caller, body });
  }

  @Get(':token')
  @Auth('client-id')
  @HostedPageRoute()
  @ApiGetSecurePayment()
  getSecurePayment(
    @Param('token') token: string,
    @Query() query: SecurePaymentQueryDto,
    @CurrentCaller('client-id') caller: ClientIdCaller,
    @PresentedWalletProof() proof: WalletProof | undefined,
  ): Promise<SinglePaymentView | MulticallStateView | BatchPaymentView> {
    return this.get.execute({ caller, token, query, proof });
  }

  @Delete(':token')
  @PlatformAuth({ cookieWrites: true })
  @ApiInvalidateSecurePayment()
  invalidateSecurePayment(@Param('token') token: string, @CurrentCaller() caller: Caller) {
    return this.invalidate.execute({ caller, token });
  }

  @Post(':token/events')
  @HttpCode(202)
  @Auth('client-id')
  @HostedPageRoute()
  @UseGuards(UserEventsRateLimit)
  @ApiReportUserEvent()
  reportUserEvent(
    @Param('token') token: string,
    @Body() body: UserEventDto,
    @CurrentCaller('client-id') caller: ClientIdCaller,
  ): Promise<{ accepted: true }> {
    return this.userEvents.execute({ caller, token, body });
  }
}
