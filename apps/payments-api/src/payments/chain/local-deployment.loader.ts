import { Logger } from '@nestjs/common';
import { type LocalChainDeployment, loadLocalDeploymentFile } from '@payrail/chains';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';

/** The local chain's deployment in the `local` environment (see loadLocalDeploymentFile), else null. */
export function loadLocalDeployment(env: PaymentsApiEnv): LocalChainDeployment | null {
  return loadLocalDeploymentFile(env, (message) => new Logger('Currencies').warn(message));
}
