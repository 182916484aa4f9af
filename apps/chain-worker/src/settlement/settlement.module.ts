import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { loadLocalDeploymentFile, NETWORKS, rateFeedBook, withLocalDeployment } from '@payrail/chains';
import { kytProviderFor } from '@payrail/domain';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { SettlementMetrics } from '../shared/settlement.metrics.js';
import { SETTLEMENT } from '../shared/settlement.port.js';
import { settlementFiatRates } from './settlement-fiat.js';
import { TransferSettlement } from './transfer-settlement.js';

const FIAT_RATES = Symbol('FIAT_RATES');

/** Settles requests from detected transfers and emits the payment events (through the outbox). */
@Global()
@Module({
  providers: [
    {
      provide: FIAT_RATES,
      inject: [ChainWorkerEnv],
      useFactory: (env: ChainWorkerEnv) => {
        const local = loadLocalDeploymentFile(env, (m) => new Logger('Settlement').warn(m));
        return settlementFiatRates(env, rateFeedBook(local));
      },
    },
    {
      provide: SETTLEMENT,
      inject: [DataSource, ChainWorkerEnv, SettlementMetrics, FIAT_RATES],
      useFactory: (db: DataSource, env: ChainWorkerEnv, metrics: SettlementMetrics, fiat: ReturnType<typeof settlementFiatRates>) => {
        const local = loadLocalDeploymentFile(env, (m) => new Logger('Settlement').warn(m));
        const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
        return new TransferSettlement(db, networks, kytProviderFor(env.PAYRAIL_ENV), metrics, fiat.ratesOf);
      },
    },
    SettlementMetrics,
  ],
  exports: [SETTLEMENT, SettlementMetrics],
})
export class SettlementModule implements OnApplicationShutdown {
  constructor(@Inject(FIAT_RATES) private readonly fiat: ReturnType<typeof settlementFiatRates>) {}

  onApplicationShutdown(): void {
    for (const provider of this.fiat.providers) provider.destroy();
  }
}
