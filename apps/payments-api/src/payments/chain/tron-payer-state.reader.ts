import { Injectable, Logger } from '@nestjs/common';
import type { TronPayerBalances } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { TronAccounts } from './tron-accounts.js';

/** What a Tron payout needs to know about its payer: one TRC-20 token and its allowance to the Tron fee proxy. */
export interface TronPayerStateQuery {
  payer: string;
  token: string;
  proxy: string;
}

/**
 * A Tron payer's TRX, token balance and allowance to the fee proxy through TronGrid: the account
 * page and the allowance constant call, sent at once. Undefined without TRON_API_URL; the spec's
 * 503 (DEPENDENCY_UNAVAILABLE) when TronGrid fails or times out, as when no EVM RPC endpoint answers.
 */
@Injectable()
export class TronPayerStateReader {
  private readonly logger = new Logger('TronPayerStateReader');

  constructor(private readonly tron: TronAccounts) {}

  async read(query: TronPayerStateQuery): Promise<TronPayerBalances | undefined> {
    const reader = this.tron.reader;
    if (!reader) return undefined;
    try {
      return await reader.payer(query.payer, query.token, query.proxy);
    } catch (error) {
      this.logger.warn({ err: error, payer: query.payer }, 'TronGrid did not answer for a payer');
      throw new PayrailError('DEPENDENCY_UNAVAILABLE', "Reading the payer's state on tron failed: TronGrid did not answer");
    }
  }
}
