import { Global, Logger, Module } from '@nestjs/common';
import { loadLocalDeploymentFile, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { kytProviderFor } from '@payrail/domain';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { SettlementMetrics } from '../shared/settlement.metrics.js';
import { SETTLEMENT } from '../shared/settlement.port.js';
import { TransferSettlement } from './transfer-settlement.js';

/** Settles requests from detected transfers and emits the payment events (through the outbox). */
@Global()
@Module({
  providers: [
    {
      provide: SETTLEMENT,
      inject: [DataSource, ChainWorkerEnv, SettlementMetrics],
      useFactory: (db: DataSource, env: ChainWorkerEnv, metrics: SettlementMetrics) => {
        const local = loadLocalDeploymentFile(env, (m) => new Logger('Settlement').warn(m));
        const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
        return new TransferSettlement(db, networks, kytProviderFor(env.PAYRAIL_ENV), metrics);
      },
    },
    SettlementMetrics,
  ],
  exports: [SETTLEMENT, SettlementMetrics],
})
export class SettlementModule {}
