import { Inject, Injectable, Logger } from '@nestjs/common';
import { CurrencyRegistry, type RateSource, usdTotal } from '@payrail/chains';
import { formatAmount, PayrailError } from '@payrail/domain';
import { RequestsRepository, type RequestEntity } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ownerOf } from '../../payments/owner.js';
import { RATE_SOURCE } from '../../payments/payments.tokens.js';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { PlannedPayment } from '../../payments/planning/planned-payment.js';
import type { RequestRoutesQueryDto } from '../dto/routes-query.dto.js';
import type { PaymentRouteDto, RequestRoutesResponseDto, RouteFeeDto } from '../dto/routes-response.dto.js';
import { executableRoutes, payAmountOf, payFeeOf, requirePayable } from './pay-plan.js';

/**
 * GET /v2/request/{requestId}/routes: the ways to pay a request that Payrail executes (pay-plan's
 * executableRoutes: the direct payment, and the same payment under a source name), each with the
 * fee this payment pays on top (the request's own, else the query's or the Client ID's) and its
 * USD value. Same owner rule, 404 and 409 as /pay; no chain read beyond the (cached) USD rate of a
 * non-zero fee, and none of a route Payrail cannot execute (no cross-chain, no swap).
 */
@Injectable()
export class RequestRoutes {
  private readonly logger = new Logger('RequestRoutes');

  constructor(
    private readonly db: DataSource,
    private readonly registry: CurrencyRegistry,
    private readonly planner: PaymentPlanner,
    @Inject(RATE_SOURCE) private readonly rates: RateSource,
  ) {}

  async execute(command: { caller: Caller; requestId: string; query: RequestRoutesQueryDto }): Promise<RequestRoutesResponseDto> {
    const { caller, query } = command;
    const request = await new RequestsRepository(this.db.manager).byId(ownerOf(caller), command.requestId);
    if (!request) throw new PayrailError('NOT_FOUND', 'Request not found');
    requirePayable(request);
    const network = this.planner.fromRecord(request).network;
    payerWalletOn(network, query.wallet);
    const amount = payAmountOf(request, query.amount);
    const fee = payFeeOf(request, network, caller, query, amount);
    const feeUsd = fee.amount > 0n ? await this.usdOf(request, fee.amount) : '0.00';
    const feeBreakdown: RouteFeeDto[] =
      fee.amount > 0n && fee.address !== null
        ? [
            {
              type: 'platform',
              stage: 'sending',
              provider: 'payrail',
              amount: formatAmount(fee.amount, request.currencyDecimals),
              amountInUSD: feeUsd,
              currency: request.paymentCurrency,
              receiverAddress: fee.address,
              network: request.network,
              ...(feeUsd !== null ? { rateProvider: 'chainlink' as const } : {}),
            },
          ]
        : [];
    const routes: PaymentRouteDto[] = executableRoutes(request, this.registry).map((route) => ({
      ...route,
      fee: Number(formatAmount(fee.amount, request.currencyDecimals)),
      feeInUSD: feeUsd === null ? null : Number(feeUsd),
      speed: 'FAST',
      price_impact: 0,
      feeBreakdown,
    }));
    return { routes, platformFee: platformFeeOf(fee) };
  }

  /** The fee in USD to the cent, at the cached feed rate; null when the currency has no readable rate now. */
  private async usdOf(request: RequestEntity, units: bigint): Promise<string | null> {
    try {
      const rate = await this.rates.usdRate(request.network, request.paymentCurrency);
      return usdTotal([{ units, decimals: request.currencyDecimals, rate }]);
    } catch (error) {
      this.logger.warn({ err: error, network: request.network, currency: request.paymentCurrency }, 'routes: no USD rate for the fee');
      return null;
    }
  }
}

const platformFeeOf = (fee: PlannedPayment['fee']): RequestRoutesResponseDto['platformFee'] =>
  fee.percentage !== null && fee.address !== null ? { percentage: fee.percentage, address: fee.address } : null;
