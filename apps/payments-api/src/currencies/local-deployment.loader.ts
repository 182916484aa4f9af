import { existsSync, readFileSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { type LocalChainDeployment, parseLocalDeployment } from '@payrail/chains';
import { PaymentsApiEnv } from '../config/payments-api.env.js';

/**
 * In the `local` environment with CHAIN_DEPLOYMENT_FILE set (`.local/stack.json`, the devstack's
 * `anvil/deployment.json` or the test stack file), the local chain's deployment; otherwise null.
 * Read once at boot. A malformed file stops the app with a message naming it; a file that does
 * not exist yet (npm start writes stack.json only once the apps are up) is logged and skipped,
 * so the sepolia entries keep their public addresses until the next start.
 */
export function loadLocalDeployment(env: PaymentsApiEnv): LocalChainDeployment | null {
  if (env.PAYRAIL_ENV !== 'local' || !env.CHAIN_DEPLOYMENT_FILE) return null;
  const file = env.CHAIN_DEPLOYMENT_FILE;
  if (!existsSync(file)) {
    new Logger('Currencies').warn(`CHAIN_DEPLOYMENT_FILE ${file} does not exist: sepolia currencies keep their public addresses`);
    return null;
  }
  try {
    return parseLocalDeployment(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`CHAIN_DEPLOYMENT_FILE ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
