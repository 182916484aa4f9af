import { type AuthPaths, type PaymentsPaths } from '@payrail/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import createClient from 'openapi-fetch';
import type { ReactNode } from 'react';
import { createConfig, http, injected, WagmiProvider } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { sepolia } from 'wagmi/chains';
import { type Hex, recoverTypedDataAddress, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { type Apis, ApiContext } from '../api';
import { useCreateRefund } from './refunds';

// Two well-known test keys (anvil's first accounts): the payee and someone else.
const PAYEE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const OTHER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const DEPOSIT = '0x1111111111111111111111111111111111111111';

/** A forwarder refund's typed data as the API answers it (the test signs it for real, viem hashing). */
const typedData = {
  domain: { name: 'Payrail DepositForwarder', version: '1', chainId: sepolia.id, verifyingContract: DEPOSIT },
  types: {
    Refund: [
      { name: 'token', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'refundId', type: 'bytes32' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Refund',
  message: {
    token: '0x2222222222222222222222222222222222222222',
    to: OTHER.address,
    amount: '2000000',
    refundId: `0x${'ab'.repeat(32)}`,
    deadline: '1800000000',
  },
};
const refund = (status: string) => ({
  id: 'rf1',
  requestId: 'req1',
  exceptionId: null,
  amount: '2.0',
  currency: 'fUSDC-sepolia',
  network: 'sepolia',
  from: DEPOSIT,
  to: OTHER.address,
  status,
  paymentReference: '0x0102030405060708',
  txHash: null,
  failureReason: null,
  createdAt: '2026-11-28T12:00:00.000Z',
  confirmedAt: null,
  source: 'deposit_forwarder',
  transactions: [],
  metadata: null,
  typedData: status === 'awaiting_signature' ? typedData : null,
});

/** A browser wallet holding `account`'s key: eth_signTypedData_v4 signs with viem's local account (EIP-712 done by viem). */
function walletOf(account: typeof PAYEE) {
  const calls: string[] = [];
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown[] }) => {
      calls.push(method);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
      if (method === 'eth_chainId') return `0x${sepolia.id.toString(16)}`;
      if (method === 'eth_signTypedData_v4')
        return account.signTypedData(JSON.parse(params![1] as string) as Parameters<typeof account.signTypedData>[0]);
      if (method === 'wallet_switchEthereumChain') return null;
      throw new Error(`unexpected wallet call ${method}`);
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
  return { calls, connector: injected({ target: () => ({ id: 'test', name: 'Test wallet', provider: provider as never }) }) };
}

async function setUp(account: typeof PAYEE) {
  const wallet = walletOf(account);
  const config = createConfig({ chains: [sepolia], transports: { [sepolia.id]: http('http://rpc.test') }, connectors: [wallet.connector] });
  const seen: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const path = new URL(input.url).pathname;
    const body: unknown = input.method === 'POST' ? await input.clone().json() : undefined;
    seen.push({ method: input.method, path, body });
    const answer =
      path === '/v2/requests/req1'
        ? { requestId: 'req1', payee: PAYEE.address }
        : path.endsWith('/signature')
          ? refund('submitted')
          : refund('awaiting_signature');
    return new Response(JSON.stringify(answer), {
      status: input.method === 'POST' ? 201 : 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const apis: Apis = {
    payments: createClient<PaymentsPaths>({ baseUrl: 'http://api.test', fetch }),
    auth: createClient<AuthPaths>({ baseUrl: 'http://api.test', fetch }),
    runtime: { paymentsApiUrl: '', authApiUrl: '', networks: [{ network: 'sepolia', chainId: sepolia.id }] },
  };
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queries}>
        <ApiContext.Provider value={apis}>{children}</ApiContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>
  );
  const { result } = renderHook(() => useCreateRefund('req1'), { wrapper });
  await act(async () => {
    await connect(config, { connector: config.connectors[0] });
    result.current.mutate({ key: 'k1', body: { source: 'deposit_forwarder', refundAddress: OTHER.address } });
  });
  await waitFor(() => expect(result.current.isSuccess || result.current.isError).toBe(true));
  return { result, seen, wallet, done: () => disconnect(config) };
}

describe('useCreateRefund, a deposit_forwarder refund', () => {
  it('the payee’s connected wallet signs its typedData and the signature is posted; the answer is the submitted refund', async () => {
    const { result, seen, wallet, done } = await setUp(PAYEE);
    expect(result.current.error?.message).toBeUndefined();
    expect(result.current.data).toMatchObject({ signed: true, payee: PAYEE.address, refund: { status: 'submitted' } });
    expect(wallet.calls.filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(1);
    const posted = seen.find((s) => s.path === '/v2/request/req1/refunds/rf1/signature');
    const signature = (posted?.body as { signature: Hex }).signature;
    const signer = await recoverTypedDataAddress({ ...(typedData as unknown as TypedDataDefinition), signature });
    expect(signer).toBe(PAYEE.address);
    // Created once, with its source; nothing sent as a transaction, no …/transaction report.
    expect(seen.filter((s) => s.path === '/v2/request/req1/refunds')).toEqual([
      { method: 'POST', path: '/v2/request/req1/refunds', body: { source: 'deposit_forwarder', refundAddress: OTHER.address } },
    ]);
    expect(seen.some((s) => s.path.endsWith('/transaction'))).toBe(false);
    await done();
  });

  it('another connected wallet signs nothing: the refund waits and the outcome names the payee who must sign', async () => {
    const { result, seen, wallet, done } = await setUp(OTHER);
    expect(result.current.error?.message).toBeUndefined();
    expect(result.current.data).toMatchObject({ signed: false, payee: PAYEE.address, refund: { status: 'awaiting_signature' } });
    expect(wallet.calls).not.toContain('eth_signTypedData_v4');
    expect(seen.some((s) => s.path.endsWith('/signature'))).toBe(false);
    await done();
  });
});
