import { Status } from '@payrail/web';
import { useQuery } from '@tanstack/react-query';
import { type Session, SESSION_KEY, useApis } from './api';
import { t } from './messages';
import { Shell } from './components/Shell';
import { SignInScreen } from './screens/SignInScreen';

/** Signed out: the sign-in screen. Signed in (GET /v1/auth/session answers): the shell with the navigation. */
export function App() {
  const { auth } = useApis();
  const session = useQuery({
    queryKey: SESSION_KEY,
    staleTime: Infinity,
    queryFn: async (): Promise<Session | null> => {
      const { data, response } = await auth.GET('/v1/auth/session');
      if (response.status === 401) return null;
      if (!data) throw new Error(`HTTP ${response.status}`);
      return data;
    },
  });
  if (session.isPending) return <Status>{t('app.loading')}</Status>;
  if (!session.data) return <SignInScreen />;
  return <Shell session={session.data} />;
}
