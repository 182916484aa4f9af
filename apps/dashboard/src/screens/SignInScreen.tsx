import { Alert, Button, errorMessageOf, Status, TextField } from '@payrail/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApis } from '../api';
import { t } from '../messages';

/** E-mail sign-in and registration against auth-api (same origin); wallet sign-in comes with issue #21. */
export function SignInScreen() {
  const { auth } = useApis();
  const queries = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState<string | undefined>();
  const signIn = useMutation({
    mutationFn: async () => {
      const { error, response } = await auth.POST('/v1/auth/login', { body: { email, password } });
      if (!response.ok) throw new Error(errorMessageOf(error) ?? `HTTP ${response.status}`);
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ['session'] }),
  });
  const register = useMutation({
    mutationFn: async () => {
      const { error, response } = await auth.POST('/v1/auth/register', { body: { email, password } });
      if (!response.ok) throw new Error(errorMessageOf(error) ?? `HTTP ${response.status}`);
    },
    onSuccess: () => setNote(t('signin.registered', { email })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const failure = signIn.error ?? register.error;
  return (
    <main className="signin">
      <form className="pr-card" onSubmit={submit}>
        <h1>{t('signin.title')}</h1>
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
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={signIn.isPending}>
          {t('signin.submit')}
        </Button>
        <Button variant="secondary" disabled={register.isPending} onClick={() => register.mutate()}>
          {t('signin.register')}
        </Button>
        <Button variant="secondary" onClick={() => setNote(t('signin.wallet_soon'))}>
          {t('signin.wallet')}
        </Button>
        {failure && <Alert>{t('signin.failed', { reason: failure.message })}</Alert>}
        {note && <Status>{note}</Status>}
      </form>
    </main>
  );
}
