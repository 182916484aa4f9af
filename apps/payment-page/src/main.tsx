import '../../../libs/web/src/styles/tokens.css';
import './page.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { addWalletConnect, createAuthClient, createPaymentsClient, createWalletConfig, loadRuntimeConfig } from '@payrail/web';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { App } from './App';
import { ApiContext } from './api';

async function boot(): Promise<void> {
  const runtime = await loadRuntimeConfig();
  const wagmi = createWalletConfig(runtime);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  const api = createPaymentsClient(runtime.paymentsApiUrl);
  const auth = createAuthClient(runtime.authApiUrl);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <WagmiProvider config={wagmi}>
        <QueryClientProvider client={queries}>
          <ApiContext.Provider value={{ api, auth, runtime }}>
            <App />
          </ApiContext.Provider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  );
  // After the first render, and only with a project id: the WalletConnect option (a chunk of its own).
  await addWalletConnect(wagmi, runtime);
}

void boot();
