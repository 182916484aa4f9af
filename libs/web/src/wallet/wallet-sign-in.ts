import type { Config, Connector } from 'wagmi';
import { connect, getConnection, signMessage } from 'wagmi/actions';
import { errorMessageOf } from '../api/api-error';
import type { AuthClient } from '../api/client';

/** A sign-in call the server refused: its status and the server's own sentence. */
export class SignInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined)
    throw new SignInError(response.status, errorMessageOf(error) ?? `The server answered HTTP ${response.status}; try again.`);
  return data;
}

/**
 * Sign-In with Ethereum through an injected wallet: connect (or reuse the connection), ask auth-api
 * for the EIP-4361 challenge of that address, have the wallet sign it as is (personal_sign) and
 * post it to verify. The dashboard (same origin, behind its proxy) gets the session cookie; the
 * hosted page (cross-origin, `bearer: true`) gets the session token in the answer and keeps it in
 * memory only. Answers the signed-in address and, with `bearer`, the token.
 */
export async function signInWithWallet(
  auth: AuthClient,
  config: Config,
  connector: Connector,
  opts: { bearer?: boolean } = {},
): Promise<{ address: string; sessionToken?: string }> {
  const current = getConnection(config);
  const address = current.status === 'connected' ? current.address : (await connect(config, { connector })).accounts[0];
  if (!address) throw new Error('the wallet gave no account');
  const challenge = await ok(auth.POST('/v1/auth/wallet/challenge', { body: { address } }));
  const signature = await signMessage(config, { account: address, message: challenge.message });
  const verified = await ok(
    auth.POST('/v1/auth/wallet/verify', {
      params: { query: opts.bearer ? { bearer: true } : {} },
      body: { challengeId: challenge.challengeId, nonce: challenge.nonce, message: challenge.message, signature },
    }),
  );
  return { address, sessionToken: 'sessionToken' in verified ? verified.sessionToken : undefined };
}
