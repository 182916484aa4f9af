import { Alert, Button, Status, TextField, TronLinkWallet } from '@payrail/web';
import { type FormEvent, useEffect, useState } from 'react';
import { useConnectors } from 'wagmi';
import { t } from '../messages';
import { useEmailSignIn, useRegister, useTronSignIn, useVerifyEmail, useWalletSignIn } from '../queries/session';
import { sessionEnded } from '../session/ended';

/** The token of a verification mail's link (`#verify-email=evt_...`: a fragment never reaches a server). */
const linkedVerificationToken = (): string | undefined => /^#verify-email=(evt_[A-Za-z0-9_-]+)$/.exec(window.location.hash)?.[1];

/**
 * E-mail sign-in and registration (a verification mail's link opens this screen with its token:
 * one click confirms the address), Sign-In with Ethereum through an injected wallet, and sign-in with
 * a TronLink-compatible wallet (auth-api, same origin; the TronLink adapter loads on first use).
 */
export function SignInScreen() {
  const connectors = useConnectors();
  const [tronWallet] = useState(() => new TronLinkWallet());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState<string | undefined>(() => {
    const ended = sessionEnded.take();
    return ended && t(ended);
  });
  const signIn = useEmailSignIn();
  const register = useRegister();
  const [linkToken, setLinkToken] = useState(linkedVerificationToken);
  // The link opened in a tab already on this screen changes only the fragment (no reload).
  useEffect(() => {
    const update = () => setLinkToken(linkedVerificationToken());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  const verifyEmail = useVerifyEmail();
  // EIP-6963 wallets come first (wagmi adds them as they announce); the generic injected one last.
  const wallet = connectors.find((c) => c.type === 'injected' && c.id !== 'injected') ?? connectors[0];
  const walletSignIn = useWalletSignIn(wallet, t('signin.no_wallet'));
  // Its failure is already the sentence to show (what went wrong with TronLink or the server, and what to do).
  const tronSignIn = useTronSignIn(tronWallet);
  /** Starts one way of signing in; the failure of an earlier attempt is cleared, so only the latest shows. */
  const start = (chosen: { reset: () => void }, run: () => void) => {
    for (const m of [signIn, register, walletSignIn, tronSignIn, verifyEmail]) if (m !== chosen) m.reset();
    setNote(undefined);
    run();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start(signIn, () => signIn.mutate({ email, password }));
  };
  const error = signIn.error ?? register.error ?? walletSignIn.error ?? verifyEmail.error;
  const failure = tronSignIn.error ? tronSignIn.error.message : error && t('signin.failed', { reason: error.message });
  return (
    <main className="signin">
      <div className="pr-card signin-card">
        <h1>{t('signin.title')}</h1>
        {linkToken && (
          <Button
            disabled={verifyEmail.isPending}
            onClick={() =>
              start(verifyEmail, () =>
                verifyEmail.mutate(linkToken, {
                  onSuccess: () => {
                    window.history.replaceState(null, '', window.location.pathname);
                    setLinkToken(undefined);
                    setNote(t('signin.verified'));
                  },
                }),
              )
            }
          >
            {t('signin.verify_email')}
          </Button>
        )}
        <form onSubmit={submit}>
          <TextField
            label={t('signin.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('signin.password')}
            type="password"
            autoComplete="current-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={signIn.isPending}>
            {t('signin.submit')}
          </Button>
          <Button
            variant="secondary"
            disabled={register.isPending}
            onClick={(e) => {
              if (e.currentTarget.form?.reportValidity())
                start(register, () =>
                  register.mutate({ email, password }, { onSuccess: () => setNote(t('signin.registered', { email })) }),
                );
            }}
          >
            {t('signin.register')}
          </Button>
        </form>
        <p className="divider">{t('signin.or')}</p>
        <Button variant="secondary" disabled={walletSignIn.isPending} onClick={() => start(walletSignIn, () => walletSignIn.mutate())}>
          {walletSignIn.isPending ? t('signin.wallet_pending') : t('signin.wallet')}
        </Button>
        <Button variant="secondary" disabled={tronSignIn.isPending} onClick={() => start(tronSignIn, () => tronSignIn.mutate())}>
          {tronSignIn.isPending ? t('signin.tron_pending') : t('signin.tron')}
        </Button>
        {failure && <Alert>{failure}</Alert>}
        {note && <Status>{note}</Status>}
      </div>
    </main>
  );
}
