import { Module } from '@nestjs/common';
import { DepositsService } from './deposits.service.js';
import { DepositMetrics } from './deposits.metrics.js';

/** Pay by transfer: deposit-address watching and sweeping (settlement of each sweep is detection's). */
@Module({ providers: [DepositsService, DepositMetrics] })
export class DepositsModule {}
