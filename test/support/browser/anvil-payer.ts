import { Wallet } from 'ethers';

/** One JSON-RPC call to anvil (a test-only helper: anvil_* methods have no ethers wrapper). */
async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result;
}

/**
 * A fresh payer the injected wallet can send for: a random address that anvil impersonates
 * (anvil_impersonateAccount: eth_sendTransaction from it is accepted unsigned, like its default
 * unlocked accounts), with `ether` wei set and, when given, `tokens` of the local test token
 * minted to it (its public `mint`). A fresh address per test: no nonce race with other files.
 */
export async function impersonatedPayer(
  rpcUrl: string,
  opts: { ether?: bigint; token?: string; tokens?: bigint } = {},
): Promise<`0x${string}`> {
  const address = Wallet.createRandom().address as `0x${string}`;
  await rpc(rpcUrl, 'anvil_impersonateAccount', [address]);
  await rpc(rpcUrl, 'anvil_setBalance', [address, `0x${(opts.ether ?? 10n ** 19n).toString(16)}`]);
  if (opts.token && opts.tokens) {
    // mint(address,uint256): selector 0x40c10f19, then the two 32-byte words.
    const data = `0x40c10f19${address.slice(2).toLowerCase().padStart(64, '0')}${opts.tokens.toString(16).padStart(64, '0')}`;
    const hash = (await rpc(rpcUrl, 'eth_sendTransaction', [{ from: address, to: opts.token, data }])) as string;
    for (let i = 0; i < 100; i++) {
      const receipt = (await rpc(rpcUrl, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null;
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`mint to ${address} reverted`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return address;
}
