import { startInProcessApi, type InProcessApi } from '../in-process.js';
import { appEnv, createTestDatabase, testStack, uniqueName } from '../stack.js';
import { PaymentsApiModule } from '../../../apps/payments-api/src/app.module.js';
import { createTenant } from '../tenancy/tenants.js';
import { startRpcCounter, type RpcCounter } from './rpc-counter.js';

export interface PayoutsApi {
  api: InProcessApi;
  rpc: RpcCounter;
  tenant: Awaited<ReturnType<typeof createTenant>>;
  /** POST/GET with the tenant's API key (or the given headers). */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * payments-api in the test process on a fresh database, its sepolia RPC behind a counting
 * proxy to the test chain, and a tenant (platform, API key, backend Client ID).
 */
export async function startPayoutsApi(env: Record<string, string> = {}): Promise<PayoutsApi> {
  const rpc = await startRpcCounter(testStack().chain.rpcUrl);
  const api = await startInProcessApi(
    PaymentsApiModule.forRoot(
      appEnv(await createTestDatabase(), uniqueName('pay'), {
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MULTIPLIER: '100',
        RPC_URL_SEPOLIA: rpc.url,
        ...env,
      }),
    ),
  );
  const tenant = await createTenant(api.app);
  return {
    api,
    rpc,
    tenant,
    async call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(headers ?? { 'x-api-key': tenant.apiKey.apiKey }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T, headers: res.headers };
    },
    async close() {
      await api.close();
      await rpc.close();
    },
  };
}
