import type { WebRuntimeConfig } from '@payrail/web';
import type { TypedDataDefinition } from 'viem';
import type { Config } from 'wagmi';
import { getConnection, signTypedData, switchChain } from 'wagmi/actions';

/**
 * Signs EIP-712 typed data the API built (`{domain, types, primaryType, message}`) with the connected
 * wallet when it is `signer` (eth_signTypedData_v4 through wagmi; the wallet hashes and signs, the
 * dashboard never does), on `network`'s chain. Answers the signature, or undefined when the connected
 * wallet is not the signer (nothing is asked of it).
 */
export async function signFromWallet(
  config: Config,
  runtime: WebRuntimeConfig,
  signer: { address: string; network: string },
  typedData: Record<string, unknown>,
): Promise<string | undefined> {
  const connection = getConnection(config);
  if (connection.status !== 'connected' || connection.address.toLowerCase() !== signer.address.toLowerCase()) return undefined;
  const chainId = runtime.networks.find((n) => n.network === signer.network)?.chainId;
  if (chainId === undefined) throw new Error(`network ${signer.network} is not offered here`);
  if (connection.chainId !== chainId) await switchChain(config, { chainId });
  return signTypedData(config, { account: connection.address, ...(typedData as unknown as TypedDataDefinition) });
}
