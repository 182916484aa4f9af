import { Body, Controller, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { Auth, type ClientIdCaller, CurrentCaller, HostedPageRoute, PresentedWalletProof } from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
import { RefreshedStepDto, RefreshStepDto } from './dto/refresh-step.dto.js';
import { SecurePaymentQueryDto } from './dto/secure-payment-query.dto.js';
import { TronBroadcastAnswerDto, TronBroadcastDto } from './dto/tron-broadcast.dto.js';
import { PageRelayRateLimit } from './page-relay-rate-limit.guard.js';
import { ApiRefreshStepTransaction, ApiSecurePaymentRelayController, ApiTronBroadcast } from './secure-payment-relay.openapi.js';
import { BroadcastTron } from './use-cases/broadcast-tron.use-case.js';
import { RefreshStepTransaction } from './use-cases/refresh-step.use-case.js';

/** The hosted page's relay routes: a signed Tron transaction broadcast, and a step's transaction rebuilt. */
@ApiSecurePaymentRelayController()
@Controller('v2/secure-payments')
export class SecurePaymentRelayController {
  constructor(
    private readonly tron: BroadcastTron,
    private readonly refresh: RefreshStepTransaction,
  ) {}

  @Post(':token/tron/broadcast')
  @HttpCode(200)
  @Auth('client-id')
  @HostedPageRoute()
  @UseGuards(PageRelayRateLimit)
  @ApiTronBroadcast()
  broadcastTronTransaction(
    @Param('token') token: string,
    @Body() body: TronBroadcastDto,
    @CurrentCaller('client-id') caller: ClientIdCaller,
  ): Promise<TronBroadcastAnswerDto> {
    return this.tron.execute({ caller, token, body });
  }

  @Post(':token/refresh-step-transaction')
  @HttpCode(200)
  @Auth('client-id')
  @HostedPageRoute()
  @UseGuards(PageRelayRateLimit)
  @ApiRefreshStepTransaction()
  refreshStepTransaction(
    @Param('token') token: string,
    @Query() query: SecurePaymentQueryDto,
    @Body() body: RefreshStepDto,
    @CurrentCaller('client-id') caller: ClientIdCaller,
    @PresentedWalletProof() proof: WalletProof | undefined,
  ): Promise<RefreshedStepDto> {
    return this.refresh.execute({ caller, token, query, proof, body });
  }
}
