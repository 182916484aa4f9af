import { type AuthClient, type TronLinkWallet, tronWalletError } from '@payrail/web';
import { ApiError, done, must } from '../lib/api-call';
import { t } from '../messages';

/**
 * Sign-in with a TronLink-compatible wallet: connect (or reuse the connection), ask auth-api for the
 * challenge of that base58 address (the EIP-4361 text naming a Tron account), have the wallet sign it
 * as is (TronWeb signMessageV2, which auth-api's verifier recovers) and post it to verify, which sets
 * the same session cookie as an EVM sign-in. A failure is thrown as the sentence to show.
 */
export async function signInWithTron(auth: AuthClient, wallet: TronLinkWallet): Promise<void> {
  try {
    const address = await wallet.connect();
    const challenge = await must(auth.POST('/v1/auth/wallet/challenge', { body: { address } }));
    const signature = await wallet.signMessage(challenge.message);
    await done(
      auth.POST('/v1/auth/wallet/verify', {
        body: { challengeId: challenge.challengeId, nonce: challenge.nonce, message: challenge.message, signature },
      }),
    );
  } catch (error) {
    throw new Error(tronFailureText(error), { cause: error });
  }
}

/** What went wrong, said so the person knows what to do next. */
function tronFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? t('signin.tron_refused') : t('signin.failed', { reason: error.message });
  const problem = tronWalletError(error);
  if (problem.problem === 'not_found') return t('signin.tron_none');
  if (problem.problem === 'rejected') return t('signin.tron_rejected');
  return t('signin.tron_failed', { reason: problem.message });
}
