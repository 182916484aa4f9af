import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { Auth, type ClientIdCaller, CurrentCaller, HostedPageRoute, PresentedWalletProof } from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
import { AcceptedPaymentIntentDto, PaymentIntentDto } from './dto/payment-intent.dto.js';
import { SecurePaymentQueryDto } from './dto/secure-payment-query.dto.js';
import { PaymentIntentsRateLimit } from './payment-intents-rate-limit.guard.js';
import { type MulticallPayView, PaySecurePayment, type SinglePayView } from './use-cases/pay-secure-payment.use-case.js';
import { RecordPaymentIntent } from './use-cases/record-payment-intent.use-case.js';
import { ApiSecurePaymentPayController, ApiGetSecurePaymentCalldata, ApiReportPaymentIntent } from './secure-payment-pay.openapi.js';

/**
 * The hosted page's two paying routes (beyond the interface, which names none): the transactions
 * to send for a secure payment or multicall payout, and the report of the submitted transaction.
 */
@ApiSecurePaymentPayController()
@Controller('v2/secure-payments')
export class SecurePaymentPayController {
  constructor(
    private readonly pay: PaySecurePayment,
    private readonly intents: RecordPaymentIntent,
  ) {}

  @Get(':token/pay')
  @Auth('client-id')
  @HostedPageRoute()
  @ApiGetSecurePaymentCalldata()
  getSecurePaymentCalldata(
    @Param('token') token: string,
    @Query() query: SecurePaymentQueryDto,
    @CurrentCaller('client-id') caller: ClientIdCaller,
    @PresentedWalletProof() proof: WalletProof | undefined,
  ): Promise<SinglePayView | MulticallPayView> {
    return this.pay.execute({ caller, token, query, proof });
  }

  @Post(':token/intent')
  @HttpCode(202)
  @Auth('client-id')
  @HostedPageRoute()
  @UseGuards(PaymentIntentsRateLimit)
  @ApiReportPaymentIntent()
  reportPaymentIntent(
    @Param('token') token: string,
    @Body() body: PaymentIntentDto,
    @CurrentCaller('client-id') caller: ClientIdCaller,
  ): Promise<AcceptedPaymentIntentDto> {
    return this.intents.execute({ caller, token, body });
  }
}
