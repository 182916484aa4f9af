import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { configuredRpcUrls, EVM_NETWORKS, type EvmNetwork, rpcProvider } from '@payrail/chains';
import type { AbstractProvider } from 'ethers';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';

/** One ethers provider per configured EVM network (RPC_URL_<NETWORK>, with failover), made on first use. */
@Injectable()
export class ChainProviders implements OnModuleDestroy {
  private readonly providers = new Map<string, AbstractProvider>();
  private readonly urls: Partial<Record<EvmNetwork, string[]>>;

  constructor(env: PaymentsApiEnv) {
    this.urls = configuredRpcUrls(env);
  }

  get(network: string): AbstractProvider | undefined {
    const existing = this.providers.get(network);
    if (existing) return existing;
    const urls = this.urls[network as EvmNetwork];
    if (!urls) return undefined;
    const provider = rpcProvider(urls, EVM_NETWORKS[network as EvmNetwork].chainId);
    this.providers.set(network, provider);
    return provider;
  }

  onModuleDestroy(): void {
    for (const provider of this.providers.values()) provider.destroy();
    this.providers.clear();
  }
}
