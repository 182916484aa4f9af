import type { WebRuntimeConfig } from '@payrail/web';
import type { Config } from 'wagmi';
import { getConnection, sendTransaction, switchChain, waitForTransactionReceipt } from 'wagmi/actions';

export interface WalletTransaction {
  to: string;
  data: string;
  value: string;
}

/**
 * Sends transactions the API built, in order, from the connected wallet when it is `sender` on
 * `network` (chain id from the runtime config's networks); each is mined before the next. Answers
 * the hashes, or undefined when the connected wallet is not the sender (nothing is sent).
 */
export async function sendFromWallet(
  config: Config,
  runtime: WebRuntimeConfig,
  sender: { address: string; network: string },
  transactions: WalletTransaction[],
): Promise<string[] | undefined> {
  const connection = getConnection(config);
  if (connection.status !== 'connected' || connection.address.toLowerCase() !== sender.address.toLowerCase()) return undefined;
  const chainId = runtime.networks.find((n) => n.network === sender.network)?.chainId;
  if (chainId === undefined) throw new Error(`network ${sender.network} is not offered here`);
  if (connection.chainId !== chainId) await switchChain(config, { chainId });
  const hashes: string[] = [];
  for (const tx of transactions) {
    const hash = await sendTransaction(config, {
      account: connection.address,
      chainId,
      to: tx.to as `0x${string}`,
      data: tx.data as `0x${string}`,
      value: BigInt(tx.value),
    });
    const receipt = await waitForTransactionReceipt(config, { hash, chainId });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    hashes.push(hash);
  }
  return hashes;
}
