import type { Logger } from '@nestjs/common';
import type { TronGridAccountReader } from '@payrail/chains';
import { TIMED_OUT, withDeadline } from '@payrail/platform';
import type { PlannedOption } from './option-plan.js';
import type { NetworkRead } from './payment-options.reader.js';

/**
 * The Tron options' balances of a Tron wallet in ONE TronGrid request (`GET /v1/accounts`: TRX
 * and every TRC-20 at once), within the page's deadline. An address TronGrid does not know holds
 * zero of everything; without TRON_API_URL the options are `no_rpc`, late `rpc_timeout`, failed
 * `rpc_error`, as for an EVM network.
 */
export async function readTronOptions(
  reader: TronGridAccountReader | undefined,
  holder: string,
  options: PlannedOption[],
  timeoutMs: number,
  logger: Logger,
): Promise<NetworkRead> {
  if (!reader) return { unavailable: 'no_rpc' };
  try {
    const account = await withDeadline(reader.balances(holder), timeoutMs);
    if (account === TIMED_OUT) {
      logger.warn({ network: 'tron', timeoutMs }, 'payment options: TronGrid did not answer in time');
      return { unavailable: 'rpc_timeout' };
    }
    return { balances: options.map((o) => (o.address === null ? account.trx : (account.trc20.get(o.address) ?? 0n))) };
  } catch (error) {
    logger.warn({ err: error, network: 'tron' }, 'payment options: TronGrid read failed');
    return { unavailable: 'rpc_error' };
  }
}
