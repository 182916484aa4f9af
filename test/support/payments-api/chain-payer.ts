import { Contract, type ContractMethod, JsonRpcProvider, keccak256, NonceManager, type TransactionReceipt, Wallet } from 'ethers';

/** A transaction as the API returns it: value `{type: "BigNumber", hex}`, `0`, or a hex string. */
export interface ApiTransaction {
  data: string;
  to: string;
  value: { type: string; hex: string } | number | string;
}

type View<R> = ContractMethod<unknown[], R, R>;

const ERC20_VIEWS = ['function balanceOf(address) view returns (uint256)', 'function allowance(address,address) view returns (uint256)'];

/** What Request Network's clients do with `value` (EI/CO normalizeValue). */
export function valueOf(value: ApiTransaction['value']): bigint {
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string') return BigInt(value);
  return BigInt(value.hex);
}

/**
 * A payer on the local chain that signs and sends the API's transactions in order, as a wallet
 * would, and reads balances and events to check what they did.
 */
export class ChainPayer {
  readonly provider: JsonRpcProvider;
  readonly signer: NonceManager;
  readonly address: string;

  constructor(rpcUrl: string, privateKey: string) {
    // No response cache: a balance read right after a transaction must see it.
    this.provider = new JsonRpcProvider(rpcUrl, undefined, { pollingInterval: 50, cacheTimeout: -1 });
    const wallet = new Wallet(privateKey, this.provider);
    this.address = wallet.address;
    this.signer = new NonceManager(wallet);
  }

  /** Sends each transaction after the previous one is mined; every receipt must be a success. */
  async submit(transactions: readonly ApiTransaction[]): Promise<TransactionReceipt[]> {
    const receipts: TransactionReceipt[] = [];
    for (const tx of transactions) {
      const sent = await this.signer.sendTransaction({ to: tx.to, data: tx.data, value: valueOf(tx.value) });
      const receipt = await sent.wait();
      if (!receipt || receipt.status !== 1) throw new Error(`transaction to ${tx.to} failed`);
      receipts.push(receipt);
    }
    return receipts;
  }

  tokenBalance(token: string, owner: string): Promise<bigint> {
    return new Contract(token, ERC20_VIEWS, this.provider).getFunction<View<bigint>>('balanceOf')(owner);
  }

  allowance(token: string, spender: string): Promise<bigint> {
    return new Contract(token, ERC20_VIEWS, this.provider).getFunction<View<bigint>>('allowance')(this.address, spender);
  }

  nativeBalance(owner: string): Promise<bigint> {
    return this.provider.getBalance(owner);
  }

  close(): void {
    this.provider.destroy();
  }
}

/** The logs of `receipt` emitted by `contract` with topic0 `topic`, with the payment reference topic each carries. */
export function proxyEvents(
  receipts: readonly TransactionReceipt[],
  contract: string,
  topic: string,
): { referenceTopic: string; data: string }[] {
  return receipts
    .flatMap((r) => r.logs)
    .filter((l) => l.address === contract && l.topics[0] === topic)
    .map((l) => ({ referenceTopic: l.topics[1], data: l.data }));
}

/** The indexed topic a payment reference must have: keccak256 of its 8 bytes. */
export const referenceTopic = (reference: string): string => keccak256(reference);

/** Gives `address` exactly `wei` of ether on an anvil chain (anvil_setBalance: no transaction, no nonce). */
export async function setEtherBalance(rpcUrl: string, address: string, wei: bigint): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${wei.toString(16)}`] }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`anvil_setBalance failed: ${body.error.message}`);
}
