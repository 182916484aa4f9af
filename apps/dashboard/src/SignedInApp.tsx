import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createDashboardRouter } from './router/routes';

/**
 * Everything behind sign-in: the router, its screens, forms and schemas. Loaded as its own chunk
 * (App imports it lazily), so the first load carries only the sign-in screen and the session check.
 */
export default function SignedInApp() {
  const [router] = useState(createDashboardRouter);
  return <RouterProvider router={router} />;
}
