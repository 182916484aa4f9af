import { WithChainEnv } from '@payrail/chains';
import { BaseEnv } from '@payrail/platform';

/** payments-api ({base_url}, /v2/...) configuration. */
export class PaymentsApiEnv extends WithChainEnv(BaseEnv) {
  override PORT = 8080;
}
