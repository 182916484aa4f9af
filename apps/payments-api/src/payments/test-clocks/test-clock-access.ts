import { Inject, Injectable } from '@nestjs/common';
import { type LocalChainDeployment, localNetworkOf, NETWORKS } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { type TestClock, TestClocksRepository } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import { LOCAL_CHAIN_DEPLOYMENT } from '../payments.tokens.js';

/**
 * Where test clocks can be used (issue #37): never with PAYRAIL_ENV=production, and only where
 * the local chain is deployed (PAYRAIL_ENV=local with CHAIN_DEPLOYMENT_FILE): the chain-worker
 * moves that chain's time with each clock, which no public network allows. Shared by the test
 * clock routes and the recurring payout that attaches a schedule to a clock.
 */
@Injectable()
export class TestClockAccess {
  /** The network the local chain stands in for (sepolia), or null without one. */
  readonly localNetwork: string | null;

  constructor(
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
    @Inject(LOCAL_CHAIN_DEPLOYMENT) local: LocalChainDeployment | null,
  ) {
    this.localNetwork = local ? localNetworkOf(NETWORKS, local).name : null;
  }

  /** Refuses (403) where test clocks cannot run. */
  assertAvailable(): void {
    if (this.env.PAYRAIL_ENV === 'production') {
      throw new PayrailError('FORBIDDEN', 'Test clocks are not available in production: they move the chain time of a local test chain');
    }
    if (!this.localNetwork) {
      throw new PayrailError(
        'FORBIDDEN',
        'Test clocks need the local chain (PAYRAIL_ENV=local with CHAIN_DEPLOYMENT_FILE, as npm start runs): no public network lets its time be moved',
      );
    }
  }

  /** The platform's clock, or null (another platform's clock is not told apart from a missing one). */
  async clock(m: EntityManager, platformId: string, id: string, lock = false): Promise<TestClock | null> {
    this.assertAvailable();
    return new TestClocksRepository(m).byId(platformId, id, lock);
  }
}
