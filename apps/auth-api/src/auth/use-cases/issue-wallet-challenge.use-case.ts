import { Inject, Injectable } from '@nestjs/common';
import { detectAddressKind, parseEvmAddress } from '@payrail/chains';
import { normalizeOrigin, PayrailError } from '@payrail/domain';
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

  /**
   * The message names where it is signed, as EIP-4361 wants (wallets warn on a mismatch): the
   * dashboard (SIWE_DOMAIN / SIWE_URI), or the hosted page when the request comes from its origin
   * (its onboarding screen); verify checks the signature against the domain stored here.
   */
  private placeOf(origin: string | undefined): { domain: string; uri: string; hosted: boolean } {
    const normalized = origin ? normalizeOrigin(origin) : undefined;
    if (normalized?.ok && this.env.hostedPageOrigins().includes(normalized.origin))
      return { domain: new URL(normalized.origin).host, uri: normalized.origin, hosted: true };
    return { domain: this.env.SIWE_DOMAIN, uri: this.env.SIWE_URI, hosted: false };
  }

  async execute(command: { address: string; origin?: string }) {
    const kind = detectAddressKind(command.address);
    if (!kind) {
      throw new PayrailError('VALIDATION_FAILED', 'address must be an EVM (0x...) or Tron (T...) wallet address', {
        fields: [{ field: 'address', message: 'must be an EVM (0x...) or Tron (T...) wallet address' }],
      });
    }
    const address = kind === 'evm' ? (parseEvmAddress(command.address) as string) : command.address;
    const now = this.clock.now();
    const place = this.placeOf(command.origin);
    const fields = {
      domain: place.domain,
      uri: place.uri,
      chainId: this.env.SIWE_CHAIN_ID,
      nonce: generateNonce(),
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + CHALLENGE_TTL_MS).toISOString(),
    };
    const message = kind === 'evm' ? evmSignInMessage(address, fields) : tronSignInMessage(address, fields);
    const challengeId = ulid();
    const expiresAt = now + CHALLENGE_TTL_MS;
    await this.challenges.save(
      challengeId,
      { address, kind, nonce: fields.nonce, message, expiresAt, ...(place.hosted ? { domain: place.domain } : {}) },
      CHALLENGE_TTL_MS,
    );
    return { challengeId, nonce: fields.nonce, message, expiresAt: fields.expirationTime };
  }
}
