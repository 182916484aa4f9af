import { Alert, Button, Status, TextField } from '@payrail/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useConfig, useConnectors } from 'wagmi';
import { SESSION_KEY, useApis } from '../api';
import { done } from '../lib/api-call';
import { t } from '../messages';
import { sessionEnded } from '../session/ended';
import { signInWithWallet } from '../session/wallet-sign-in';

/** E-mail sign-in and registration, and Sign-In with Ethereum through an injected wallet (auth-api, same origin). */
export function SignInScreen() {
  const { auth } = useApis();
  const config = useConfig();
  const connectors = useConnectors();
  const queries = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState<string | undefined>(() => {
    const ended = sessionEnded.take();
    return ended && t(ended);
  });
  const signedIn = () => queries.invalidateQueries({ queryKey: SESSION_KEY });
  const signIn = useMutation({
    mutationFn: () => done(auth.POST('/v1/auth/login', { body: { email, password } })),
    onSuccess: signedIn,
  });
  const register = useMutation({
    mutationFn: () => done(auth.POST('/v1/auth/register', { body: { email, password } })),
    onSuccess: () => setNote(t('signin.registered', { email })),
  });
  // EIP-6963 wallets come first (wagmi adds them as they announce); the generic injected one last.
  const wallet = connectors.find((c) => c.type === 'injected' && c.id !== 'injected') ?? connectors[0];
  const walletSignIn = useMutation({
    mutationFn: () => {
      if (!wallet) throw new Error(t('signin.no_wallet'));
      return signInWithWallet(auth, config, wallet);
    },
    onSuccess: signedIn,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNote(undefined);
    signIn.mutate();
  };
  const failure = signIn.error ?? register.error ?? walletSignIn.error;
  return (
    <main className="signin">
      <div className="pr-card signin-card">
        <h1>{t('signin.title')}</h1>
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
              if (e.currentTarget.form?.reportValidity()) register.mutate();
            }}
          >
            {t('signin.register')}
          </Button>
        </form>
        <p className="divider">{t('signin.or')}</p>
        <Button variant="secondary" disabled={walletSignIn.isPending} onClick={() => walletSignIn.mutate()}>
          {walletSignIn.isPending ? t('signin.wallet_pending') : t('signin.wallet')}
        </Button>
        {failure && <Alert>{t('signin.failed', { reason: failure.message })}</Alert>}
        {note && <Status>{note}</Status>}
      </div>
    </main>
  );
}
