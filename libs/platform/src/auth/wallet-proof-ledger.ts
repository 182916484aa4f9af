import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { WALLET_PROOF_LIFETIME_MS, type WalletProof, type WalletProofAction } from '@payrail/permits';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module.js';
import { provenWallet } from './wallet-proof.js';

export const walletProofReplayed = () =>
  new PayrailError('UNAUTHENTICATED', 'Wallet proof has already been used: sign a fresh timestamp (each proof is accepted once)');

/**
 * Makes wallet proofs single-use. A proof is verified (401 when it does not), then recorded in
 * Redis with SET NX for as long as it could still verify; a second presentation on the same
 * route is 401. The record is keyed by what the wallet signed (action, id, timestamp) and the
 * wallet recovered from it, never by the signature's bytes: a re-encoded signature (v as 0/1 or
 * 27/28, EIP-2098 compact form, hex case) of a captured proof is the same proof. `route` names
 * where it is spent: the hosted page reads the record and then its transactions with one
 * signature, so each route accepts a proof once.
 */
@Injectable()
export class WalletProofLedger {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async spend(action: WalletProofAction, id: string, proof: WalletProof, route: string, now = new Date()): Promise<string> {
    const wallet = provenWallet(action, id, proof, now);
    const signed = createHash('sha256').update(`${action}\n${id}\n${proof.timestamp}\n${wallet}`).digest('hex');
    const first = await this.redis.set(`wallet-proof:spent:${route}:${signed}`, '1', 'PX', WALLET_PROOF_LIFETIME_MS, 'NX');
    if (first !== 'OK') throw walletProofReplayed();
    return wallet;
  }
}
