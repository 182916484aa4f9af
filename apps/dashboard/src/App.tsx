import { Status } from '@payrail/web';
import { lazy, Suspense } from 'react';
import { t } from './messages';
import { useSession } from './queries/session';
import { SignInScreen } from './screens/SignInScreen';
import { SignedInContext } from './session/signed-in';

/** The router and every signed-in screen, fetched once a session exists (web-bundle-size.spec.ts holds the first load). */
const SignedInApp = lazy(() => import('./SignedInApp'));

/**
 * Signed out: the sign-in screen (the URL is left as it is, so a deep link opens once signed in).
 * Signed in (GET /v1/auth/session answers): the router, whose root is the shell with the navigation.
 */
export function App() {
  const session = useSession();
  const loading = <Status>{t('app.loading')}</Status>;
  if (session.isPending) return loading;
  if (!session.data) return <SignInScreen />;
  return (
    <SignedInContext.Provider value={session.data}>
      <Suspense fallback={loading}>
        <SignedInApp />
      </Suspense>
    </SignedInContext.Provider>
  );
}
