import { Inject, Injectable } from '@nestjs/common';
import { detectAddressKind, parseEvmAddress } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { CLOCK, type Clock } from '@payrail/platform';
import { generateNonce } from 'siwe';
import { ulid } from 'ulid';
import { AuthApiEnv } from '../../config/auth-api.env.js';
import { CHALLENGE_TTL_MS } from '../auth.tokens.js';
import { ChallengeStore } from '../challenge-store.js';
import { evmSignInMessage, tronSignInMessage } from '../wallet-message.js';

/** Issues a single-use EIP-4361 challenge for an EVM or Tron address (kind detected from its format). */
@Injectable()
export class IssueWalletChallenge {
  constructor(
    private readonly challenges: ChallengeStore,
    @Inject(AuthApiEnv) private readonly env: AuthApiEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { address: string }) {
    const kind = detectAddressKind(command.address);
    if (!kind) {
      throw new PayrailError('VALIDATION_FAILED', 'address must be an EVM (0x...) or Tron (T...) wallet address', {
        fields: [{ field: 'address', message: 'must be an EVM (0x...) or Tron (T...) wallet address' }],
      });
    }
    const address = kind === 'evm' ? (parseEvmAddress(command.address) as string) : command.address;
    const now = this.clock.now();
    const fields = {
      domain: this.env.SIWE_DOMAIN,
      uri: this.env.SIWE_URI,
      chainId: this.env.SIWE_CHAIN_ID,
      nonce: generateNonce(),
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + CHALLENGE_TTL_MS).toISOString(),
    };
    const message = kind === 'evm' ? evmSignInMessage(address, fields) : tronSignInMessage(address, fields);
    const challengeId = ulid();
    const expiresAt = now + CHALLENGE_TTL_MS;
    await this.challenges.save(challengeId, { address, kind, nonce: fields.nonce, message, expiresAt }, CHALLENGE_TTL_MS);
    return { challengeId, nonce: fields.nonce, message, expiresAt: fields.expirationTime };
  }
}
