import type { AuthClient, AuthComponents, PaymentsClient } from '@payrail/web';
import { createContext, useContext } from 'react';

export type Session = AuthComponents['schemas']['SessionView'];

export const ApiContext = createContext<{ auth: AuthClient; payments: PaymentsClient } | null>(null);

export function useApis(): { auth: AuthClient; payments: PaymentsClient } {
  const value = useContext(ApiContext);
  if (!value) throw new Error('ApiContext is missing');
  return value;
}
