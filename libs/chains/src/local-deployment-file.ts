import { existsSync, readFileSync } from 'node:fs';
import { type LocalChainDeployment, parseLocalDeployment } from './local-deployment.js';

/**
 * In the `local` environment with CHAIN_DEPLOYMENT_FILE set (`.local/stack.json`, the devstack's
 * `anvil/deployment.json` or the test stack file), the local chain's deployment; otherwise null.
 * Read once at boot. A malformed file throws naming it; a missing file is reported through
 * `warn` and skipped (the testnet entries keep their public addresses).
 */
export function loadLocalDeploymentFile(
  env: { PAYRAIL_ENV: string; CHAIN_DEPLOYMENT_FILE?: string },
  warn: (message: string) => void,
): LocalChainDeployment | null {
  if (env.PAYRAIL_ENV !== 'local' || !env.CHAIN_DEPLOYMENT_FILE) return null;
  const file = env.CHAIN_DEPLOYMENT_FILE;
  if (!existsSync(file)) {
    warn(`CHAIN_DEPLOYMENT_FILE ${file} does not exist: the testnet keeps its public contract addresses`);
    return null;
  }
  try {
    return parseLocalDeployment(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`CHAIN_DEPLOYMENT_FILE ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
