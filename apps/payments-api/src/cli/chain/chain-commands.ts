import { loadChainOpsEnv } from './chain-ops.env.js';
import { deployRecurringProxy } from './deploy-recurring-proxy.js';
import { formatDoctor, runDoctor } from './doctor.js';

type Flags = Record<string, string | string[] | boolean | undefined>;

/** A chain command's answer: the JSON object, its human-readable form and the exit code. */
export interface ChainCommandResult {
  result: object;
  text: string;
  exitCode: number;
}

const flag = (flags: Flags, name: string): string | undefined => {
  const value = flags[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value[0] : undefined;
};

/** Commands that talk to chains only: no database, no Redis (the admin CLI runs them without Nest). */
export const CHAIN_COMMANDS: Record<string, (flags: Flags) => Promise<ChainCommandResult>> = {
  doctor: async () => {
    const report = await runDoctor(loadChainOpsEnv(process.env));
    return { result: report, text: formatDoctor(report), exitCode: report.ok ? 0 : 1 };
  },
  'recurring-proxy deploy': async (flags) => {
    const result = await deployRecurringProxy(loadChainOpsEnv(process.env), {
      network: flag(flags, 'network') ?? '',
      rpcUrl: flag(flags, 'rpc-url'),
      owner: flag(flags, 'owner'),
      relayer: flag(flags, 'relayer'),
      feeProxy: flag(flags, 'fee-proxy'),
      salt: flag(flags, 'salt'),
    });
    const verb = result.status === 'deployed' ? `deployed in ${result.transactionHash}` : 'already deployed';
    const text = [
      `ERC20RecurringPaymentProxy on ${result.network} at ${result.address}: ${verb}; code verified (${result.codeHash})`,
      `owner ${result.owner}, relayer ${result.relayer}, ERC20FeeProxy ${result.erc20FeeProxy}, salt ${result.salt}`,
      `set in payments-api and chain-worker: ${result.configLine}`,
    ].join('\n');
    return { result, text, exitCode: 0 };
  },
};

export const CHAIN_USAGE = `  doctor                       (checks every configured network: RPC chain ids, contract code, USD rates, relayer gas; exit 1 on a failure)
  recurring-proxy deploy --network N [--rpc-url URL] [--owner A] [--relayer A] [--fee-proxy A] [--salt 0x..]
                               (DEPLOYER_PRIVATE_KEY from the environment; CREATE2, idempotent; prints the RECURRING_PROXY_ADDRESSES line)`;
