import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { Auth, type Caller, CurrentCaller } from '@payrail/platform';
import type { Response } from 'express';
import type { RefundView } from '../payments/records/refund-view.js';
import { CreateRefundDto } from './dto/create-refund.dto.js';
import { RefundIdParam, RefundRequestParam, RefundSignatureDto, RefundTransactionDto } from './dto/refund.dto.js';
import {
  ApiCancelRefund,
  ApiCreateRefund,
  ApiGetRefund,
  ApiListRefunds,
  ApiRefundsController,
  ApiReportRefundTransaction,
  ApiSignRefund,
} from './refunds.openapi.js';
import { CancelRefund } from './use-cases/cancel-refund.use-case.js';
import { CreateRefund } from './use-cases/create-refund.use-case.js';
import { GetRefund } from './use-cases/get-refund.use-case.js';
import { ListRefunds } from './use-cases/list-refunds.use-case.js';
import { ReportRefundTransaction } from './use-cases/report-refund-transaction.use-case.js';
import { SignRefund } from './use-cases/sign-refund.use-case.js';

/**
 * Refunds of a request (issue #35). The platform's API key or a session of its account (the
 * dashboard's Refund dialog); never a Client ID, which is public.
 */
@ApiRefundsController()
@Auth('api-key', 'session')
@Controller('v2/request/:requestId/refunds')
export class RefundsController {
  constructor(
    private readonly createRefund: CreateRefund,
    private readonly listRefunds: ListRefunds,
    private readonly getRefund: GetRefund,
    private readonly signRefund: SignRefund,
    private readonly cancelRefund: CancelRefund,
    private readonly reportTransaction: ReportRefundTransaction,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreateRefund()
  async create(
    @Param() params: RefundRequestParam,
    @Body() body: CreateRefundDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<RefundView> {
    const outcome = await this.createRefund.execute({ caller, requestId: params.requestId, body, idempotencyKey });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.response;
  }

  @Get()
  @ApiListRefunds()
  list(@Param() params: RefundRequestParam, @CurrentCaller() caller: Caller): Promise<{ refunds: RefundView[] }> {
    return this.listRefunds.execute({ caller, requestId: params.requestId });
  }

  @Get(':refundId')
  @ApiGetRefund()
  get(@Param() params: RefundIdParam, @CurrentCaller() caller: Caller): Promise<RefundView> {
    return this.getRefund.execute({ caller, requestId: params.requestId, refundId: params.refundId });
  }

  @Post(':refundId/signature')
  @HttpCode(200)
  @ApiSignRefund()
  sign(@Param() params: RefundIdParam, @Body() body: RefundSignatureDto, @CurrentCaller() caller: Caller): Promise<RefundView> {
    return this.signRefund.execute({ caller, requestId: params.requestId, refundId: params.refundId, signature: body.signature });
  }

  @Post(':refundId/cancel')
  @HttpCode(200)
  @ApiCancelRefund()
  cancel(@Param() params: RefundIdParam, @CurrentCaller() caller: Caller): Promise<RefundView> {
    return this.cancelRefund.execute({ caller, requestId: params.requestId, refundId: params.refundId });
  }

  @Post(':refundId/transaction')
  @HttpCode(200)
  @ApiReportRefundTransaction()
  report(@Param() params: RefundIdParam, @Body() body: RefundTransactionDto, @CurrentCaller() caller: Caller): Promise<RefundView> {
    return this.reportTransaction.execute({ caller, requestId: params.requestId, refundId: params.refundId, txHash: body.txHash });
  }
}
