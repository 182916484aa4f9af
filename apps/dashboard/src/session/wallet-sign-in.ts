import type { AuthClient } from '@payrail/web';
import type { Config, Connector } from 'wagmi';
import { connect, getConnection, signMessage } from 'wagmi/actions';
import { done, must } from '../lib/api-call';

/**
 * Sign-In with Ethereum through an injected wallet: connect (or reuse the connection), ask auth-api
 * for the EIP-4361 challenge of that address, have the wallet sign it as is (personal_sign) and
 * post it to verify, which sets the session cookie (same origin, through the dashboard's proxy).
 */
export async function signInWithWallet(auth: AuthClient, config: Config, connector: Connector): Promise<void> {
  const current = getConnection(config);
  const address = current.status === 'connected' ? current.address : (await connect(config, { connector })).accounts[0];
  if (!address) throw new Error('the wallet gave no account');
  const challenge = await must(auth.POST('/v1/auth/wallet/challenge', { body: { address } }));
  const signature = await signMessage(config, { account: address, message: challenge.message });
  await done(
    auth.POST('/v1/auth/wallet/verify', {
      body: { challengeId: challenge.challengeId, nonce: challenge.nonce, message: challenge.message, signature },
    }),
  );
}
