import { createContext, useContext } from 'react';
import type { Session } from '../api';

/** The signed-in session, provided by App around the router (screens render only while signed in). */
export const SignedInContext = createContext<Session | null>(null);

export function useSignedIn(): Session {
  const session = useContext(SignedInContext);
  if (!session) throw new Error('useSignedIn outside the signed-in app');
  return session;
}
