import { Global, Logger, Module } from '@nestjs/common';
import { loadLocalDeploymentFile, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { kytProviderFor } from '@payrail/domain';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { SETTLEMENT } from '../shared/settlement.port.js';
import { TransferSettlement } from './transfer-settlement.js';

/** Settles requests from detected transfers and emits the payment events (through the outbox). */
@Global()
@Module({
  providers: [
    {
      provide: SETTLEMENT,
      inject: [DataSource, ChainWorkerEnv],
      useFactory: (db: DataSource, env: ChainWorkerEnv) => {
        const local = loadLocalDeploymentFile(env, (m) => new Logger('Settlement').warn(m));
        return new TransferSettlement(db, local ? withLocalDeployment(NETWORKS, local) : NETWORKS, kytProviderFor(env.PAYRAIL_ENV));
      },
    },
  ],
  exports: [SETTLEMENT],
})
export class SettlementModule {}
