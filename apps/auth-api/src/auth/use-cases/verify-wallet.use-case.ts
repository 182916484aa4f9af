import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { AccountsRepository } from '@payrail/persistence';
import { CLOCK, SessionStore, type Clock, type Session } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ChallengeStore } from '../challenge-store.js';
import { SignatureVerifier } from '../signature-verifier.js';

export interface VerifyWalletCommand {
  challengeId: string;
  nonce: string;
  message: string;
  signature: string;
  /** The session the request already carried (cookie): revoked on success (session fixation). */
  replacing?: string;
}

/** One answer for every failure, so it tells an attacker nothing. */
const REFUSED = 'Wallet sign-in failed: the challenge is unknown, expired or used, or the signature does not match';

/**
 * Consumes the challenge (exactly once, even under concurrent calls), checks it is unexpired,
 * that nonce and message are exactly the ones issued, and the signature; then signs the wallet
 * in with a new session, revoking any session the request carried.
 */
@Injectable()
export class VerifyWallet {
  constructor(
    private readonly challenges: ChallengeStore,
    private readonly verifier: SignatureVerifier,
    private readonly db: DataSource,
    private readonly sessions: SessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: VerifyWalletCommand): Promise<{ token: string; session: Session }> {
    const challenge = await this.challenges.consume(command.challengeId);
    const now = this.clock.now();
    const valid =
      challenge !== undefined &&
      now < challenge.expiresAt &&
      command.nonce === challenge.nonce &&
      command.message === challenge.message &&
      (await this.verifier.verify(challenge, command.signature, now));
    if (!valid || !challenge) throw new PayrailError('UNAUTHENTICATED', REFUSED);
    const account =
      (await new AccountsRepository(this.db.manager).byWallet(challenge.kind, challenge.address)) ??
      (await this.db.transaction((m) => new AccountsRepository(m).createForWallet(challenge.kind, challenge.address)));
    if (command.replacing) await this.sessions.destroy(command.replacing);
    return this.sessions.create({
      kind: 'wallet',
      userId: account.userId,
      platformId: account.platformId,
      walletAddress: challenge.address,
      email: account.email,
    });
  }
}
