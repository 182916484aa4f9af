import { Status } from '@payrail/web';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from './messages';
import { useSession } from './queries/session';
import { createDashboardRouter } from './router/routes';
import { SignInScreen } from './screens/SignInScreen';
import { SignedInContext } from './session/signed-in';

/**
 * Signed out: the sign-in screen (the URL is left as it is, so a deep link opens once signed in).
 * Signed in (GET /v1/auth/session answers): the router, whose root is the shell with the navigation.
 */
export function App() {
  const session = useSession();
  const [router] = useState(createDashboardRouter);
  if (session.isPending) return <Status>{t('app.loading')}</Status>;
  if (!session.data) return <SignInScreen />;
  return (
    <SignedInContext.Provider value={session.data}>
      <RouterProvider router={router} />
    </SignedInContext.Provider>
  );
}
