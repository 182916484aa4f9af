import { WithChainEnv } from '@payrail/chains';
import { BaseEnv } from '@payrail/platform';

/** chain-worker configuration: payment detection and recurring execution. */
export class ChainWorkerEnv extends WithChainEnv(BaseEnv) {
  override PORT = 8083;
}
