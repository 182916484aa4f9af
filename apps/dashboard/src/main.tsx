import '../../../libs/web/src/styles/tokens.css';
import './dashboard.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createAuthClient, createPaymentsClient, createWalletConfig, loadRuntimeConfig } from '@payrail/web';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { App } from './App';
import { ApiContext } from './api';

async function boot(): Promise<void> {
  const runtime = await loadRuntimeConfig();
  const queries = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  // Same origin: the dashboard's server proxies /v1 and /v2, so the session cookie travels without CORS.
  const apis = { auth: createAuthClient(runtime.authApiUrl), payments: createPaymentsClient(runtime.paymentsApiUrl) };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <WagmiProvider config={createWalletConfig(runtime)}>
        <QueryClientProvider client={queries}>
          <ApiContext.Provider value={apis}>
            <App />
          </ApiContext.Provider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  );
}

void boot();
