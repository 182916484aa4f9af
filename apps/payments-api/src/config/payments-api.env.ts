import { WithChainEnv } from '@payrail/chains';
import { HttpApiEnv } from '@payrail/platform';

/** payments-api ({base_url}, /v2/...) configuration. */
export class PaymentsApiEnv extends WithChainEnv(HttpApiEnv) {
  override PORT = 8080;
}
