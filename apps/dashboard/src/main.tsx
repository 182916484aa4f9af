import '../../../libs/web/src/styles/tokens.css';
import './dashboard.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { addWalletConnect, createAuthClient, createPaymentsClient, createWalletConfig, loadRuntimeConfig } from '@payrail/web';
import type { Middleware } from 'openapi-fetch';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { App } from './App';
import { ApiContext, SESSION_KEY } from './api';
import { activity } from './session/activity';

async function boot(): Promise<void> {
  const runtime = await loadRuntimeConfig();
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } } });
  // Same origin: the dashboard's server proxies /v1 and /v2, so the session cookie travels without CORS.
  const apis = { auth: createAuthClient(runtime.authApiUrl), payments: createPaymentsClient(runtime.paymentsApiUrl), runtime };
  // Every successful answer is activity the server saw (a wallet session slid); a 401 means the session is gone.
  const track: Middleware = {
    onResponse({ response }) {
      if (response.ok) activity.touch();
      else if (response.status === 401) queries.setQueryData(SESSION_KEY, null);
      return undefined;
    },
  };
  apis.auth.use(track);
  apis.payments.use(track);
  const wagmi = createWalletConfig(runtime);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <WagmiProvider config={wagmi}>
        <QueryClientProvider client={queries}>
          <ApiContext.Provider value={apis}>
            <App />
          </ApiContext.Provider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  );
  await addWalletConnect(wagmi, runtime); // only with a project id, after the first render
}

void boot();
