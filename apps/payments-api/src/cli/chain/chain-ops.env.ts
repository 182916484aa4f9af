import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, validateSync } from 'class-validator';
import { WithChainEnv } from '@payrail/chains';
import { ConfigError, ENVIRONMENTS, type PayrailEnvironment } from '@payrail/platform';

const KEY = /^0x[0-9a-fA-F]{64}$/;

class ChainOpsBase {
  @IsIn(ENVIRONMENTS) PAYRAIL_ENV: PayrailEnvironment = 'local';

  /** The recurring executor's key (chain-worker's): the doctor derives the relayer's address from it. */
  @IsOptional() @Matches(KEY, { message: 'must be 0x + 64 hex' }) RELAYER_PRIVATE_KEY?: string;

  /** The relayer's address, when the doctor should not see the key. */
  @IsOptional() @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'must be an EVM address' }) RELAYER_ADDRESS?: string;

  /** Where `npm start` keeps its local platform (default `.local` under the working directory): doctor finds its deployment there. */
  @IsOptional() @IsString() PAYRAIL_LOCAL_DIR?: string;

  /** `recurring-proxy deploy`: the key that pays for the deployment. Never a flag, so it stays out of shell history. */
  @IsOptional() @Matches(KEY, { message: 'must be 0x + 64 hex' }) DEPLOYER_PRIVATE_KEY?: string;
}

/**
 * What the chain commands (doctor, recurring-proxy deploy) read: the apps' chain variables
 * (RPC_URL_<NETWORK>, CHAIN_DEPLOYMENT_FILE, RECURRING_PROXY_ADDRESSES) and the keys above. No
 * database or Redis: they talk to chains only.
 */
export class ChainOpsEnv extends WithChainEnv(ChainOpsBase) {}

export function loadChainOpsEnv(env: Record<string, string | undefined>): ChainOpsEnv {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(ChainOpsEnv, defined, { exposeDefaultValues: true });
  const errors = validateSync(config);
  if (errors.length > 0) throw new ConfigError(errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`)));
  return config;
}
