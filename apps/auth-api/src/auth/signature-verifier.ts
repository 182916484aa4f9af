import { JsonRpcProvider } from 'ethers';
import { SiweMessage } from 'siwe';
import type { StoredChallenge } from './challenge-store.js';

/**
 * Checks a wallet's signature over the issued message. EVM: `siwe` verifies the EIP-191
 * (personal_sign) signature of an EOA and, when an RPC is configured, EIP-1271 smart-contract
 * wallets; it also checks domain, nonce and time. Tron: tronweb recovers the signer of a
 * signMessageV2 signature (loaded on the first Tron sign-in: tronweb is some 540 modules that most
 * processes never need, half a second of CPU at every start).
 */
export class SignatureVerifier {
  private readonly provider: JsonRpcProvider | undefined;

  constructor(
    private readonly domain: string,
    rpcUrl: string | undefined,
  ) {
    this.provider = rpcUrl ? new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true }) : undefined;
  }

  async verify(challenge: StoredChallenge, signature: string, now: number): Promise<boolean> {
    try {
      if (challenge.kind === 'tron') {
        const { utils } = await import('tronweb');
        return utils.message.verifyMessage(challenge.message, signature) === challenge.address;
      }
      const result = await new SiweMessage(challenge.message).verify(
        { signature, domain: challenge.domain ?? this.domain, nonce: challenge.nonce, time: new Date(now).toISOString() },
        { suppressExceptions: true, ...(this.provider ? { provider: this.provider } : {}) },
      );
      return result.success && result.data.address.toLowerCase() === challenge.address.toLowerCase();
    } catch {
      return false;
    }
  }
}
