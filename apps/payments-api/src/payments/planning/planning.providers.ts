import type { Provider } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { NativeRecipientGuard } from '../chain/native-recipients.js';
import { PayerStateReader } from '../chain/payer-state.reader.js';
import { TronPayerStateReader } from '../chain/tron-payer-state.reader.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { LOCAL_CHAIN_DEPLOYMENT, PAYOUT_NETWORKS } from '../payments.tokens.js';
import { PayoutBuilder } from '../transactions/payout-builder.js';
import { PaymentPlanner } from './payment-planner.js';

/**
 * What a feature needs to plan a payment and build its transactions (the request API's /pay, the
 * refunds): the planner over the networks with the local chain's deployment, the payer's chain
 * state, the transaction builder and idempotency. Each feature module lists these among its providers.
 */
export const PLANNING_PROVIDERS: Provider[] = [
  {
    provide: PAYOUT_NETWORKS,
    inject: [LOCAL_CHAIN_DEPLOYMENT],
    useFactory: (local: LocalChainDeployment | null) => (local ? withLocalDeployment(NETWORKS, local) : NETWORKS),
  },
  PaymentPlanner,
  PayerStateReader,
  TronPayerStateReader,
  NativeRecipientGuard,
  PayoutBuilder,
  IdempotencyService,
];
