import type { AuthClient, AuthComponents, PaymentsClient, PaymentsComponents, WebRuntimeConfig } from '@payrail/web';
import { createContext, useContext } from 'react';

export type Session = AuthComponents['schemas']['SessionView'];
export type AuthSchemas = AuthComponents['schemas'];
export type PaymentsSchemas = PaymentsComponents['schemas'];

export interface Apis {
  auth: AuthClient;
  payments: PaymentsClient;
  runtime: WebRuntimeConfig;
}

export const ApiContext = createContext<Apis | null>(null);

export function useApis(): Apis {
  const value = useContext(ApiContext);
  if (!value) throw new Error('ApiContext is missing');
  return value;
}

export const SESSION_KEY = ['session'] as const;
