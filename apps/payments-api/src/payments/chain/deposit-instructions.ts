import { Inject, Injectable } from '@nestjs/common';
import {
  depositAddress,
  depositFactories,
  type DepositFactories,
  type DepositTerms,
  EVM_NETWORKS,
  type EvmNetwork,
  type LocalChainDeployment,
  NETWORKS,
  withLocalDeployment,
} from '@payrail/chains';
import { formatAmount } from '@payrail/domain';
import { DepositAddressesRepository, type RequestEntity } from '@payrail/persistence';
import { ZeroAddress } from 'ethers';
import { DataSource } from 'typeorm';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import { LOCAL_CHAIN_DEPLOYMENT } from '../payments.tokens.js';

/** Progress of a deposit address, as chain-worker last read it. */
export type DepositStatus = 'awaiting' | 'partial' | 'received' | 'sweeping' | 'swept' | 'failed';

/**
 * Extension: pay by transfer. Where a plain transfer of `amount` of the token (or native currency)
 * to `address` pays the request: the forwarder there can only pay this request through the fee proxy.
 */
export interface DepositView {
  address: string;
  network: string;
  chainId: number;
  /** The ERC-20 token to send, or null for the network's native currency. */
  tokenAddress: string | null;
  /** What to send (amount + fee), human-readable, and in base units. */
  amount: string;
  amountUnits: string;
  /** Received so far at the network's confirmed block (human-readable, base units). */
  received: string;
  receivedUnits: string;
  /** The confirmed block that balance was read at; null before chain-worker first read it. */
  receivedBlock: number | null;
  status: DepositStatus;
  /** The relayer's sweep transaction (deploy + pay through the fee proxy), once sent. */
  sweepTxHash: string | null;
  /** The sweep's gas cost paid by the relayer, in wei of the native coin; null until mined. */
  sweepGasCost: string | null;
  /**
   * The newest counted token transfer's confirmations (blocks on top of it) against those chain-worker
   * waits for (its CHAIN_CONFIRMATIONS); null before a token transfer is seen (a native deposit has no
   * log: its progress is `received`).
   */
  confirmations: { seen: number; required: number } | null;
  /** Transfers of other tokens seen at the address: recorded, never counted. */
  uncountedTransfers: { tokenAddress: string; amountUnits: string; txHash: string }[];
}

/** The deposit address of a request and what it received (kernel: secure payments, requests and the dashboard read it). */
@Injectable()
export class DepositInstructions {
  private readonly factories: DepositFactories;
  private readonly proxies: Partial<Record<string, { erc20?: string; native?: string }>>;

  constructor(
    private readonly db: DataSource,
    @Inject(PaymentsApiEnv) env: PaymentsApiEnv,
    @Inject(LOCAL_CHAIN_DEPLOYMENT) local: LocalChainDeployment | null,
  ) {
    this.factories = depositFactories(env, local);
    const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
    this.proxies = Object.fromEntries(
      Object.keys(this.factories).map((n) => [
        n,
        {
          erc20: networks[n as EvmNetwork].contracts.ERC20FeeProxy?.toLowerCase(),
          native: networks[n as EvmNetwork].contracts.EthereumFeeProxy?.toLowerCase(),
        },
      ]),
    );
  }

  /** The deposit address of `request`, or null when it has none (network without factory, conversion or Tron request). */
  addressOf(request: RequestEntity): { address: string; token: string | null } | null {
    const forwarder = this.forwarderOf(request);
    return forwarder && { address: forwarder.address, token: forwarder.token };
  }

  /** The forwarder of `request`'s deposit address: its factory, the terms it is bound to and its chain; null without one. */
  forwarderOf(
    request: RequestEntity,
  ): { factory: string; terms: DepositTerms; address: string; token: string | null; chainId: number } | null {
    const factory = this.factories[request.network as EvmNetwork];
    const proxies = this.proxies[request.network];
    if (!factory || !proxies) return null;
    const proxy = request.proxyAddress.toLowerCase();
    const native = proxy === proxies.native;
    if (!native && proxy !== proxies.erc20) return null;
    const token = native ? null : request.currencyAddress;
    if (!native && !token) return null;
    const terms: DepositTerms = {
      proxy: request.proxyAddress,
      token: token ?? ZeroAddress,
      payee: request.payee,
      amount: request.expectedAmount,
      paymentReference: request.paymentReference,
      feeAmount: request.feeAmount,
      feeAddress: request.feeAddress ?? ZeroAddress,
    };
    const chainId = EVM_NETWORKS[request.network as EvmNetwork].chainId;
    return { factory, terms, address: depositAddress(factory, terms), token, chainId };
  }

  /** The deposit view of `request` with chain-worker's latest reading; null without a deposit address. */
  async of(request: RequestEntity): Promise<DepositView | null> {
    const at = this.addressOf(request);
    if (!at) return null;
    const repo = new DepositAddressesRepository(this.db.manager);
    const [[row], uncounted, confirmations] = await Promise.all([
      repo.forRequests([request.id]),
      repo.uncounted(request.network, at.address),
      repo.confirmations(request.network, at.address),
    ]);
    const expected = request.expectedAmount + request.feeAmount;
    const received = row ? BigInt(row.received) : 0n;
    const status: DepositStatus =
      row && row.status !== 'watching' ? row.status : received === 0n ? 'awaiting' : received < expected ? 'partial' : 'received';
    return {
      address: at.address,
      network: request.network,
      chainId: EVM_NETWORKS[request.network as EvmNetwork].chainId,
      tokenAddress: at.token,
      amount: formatAmount(expected, request.currencyDecimals),
      amountUnits: expected.toString(),
      received: formatAmount(received, request.currencyDecimals),
      receivedUnits: received.toString(),
      receivedBlock: row?.received_block ? Number(row.received_block) : null,
      status,
      sweepTxHash: row?.sweep_tx_hash ?? null,
      sweepGasCost: row?.sweep_gas_cost ?? null,
      confirmations,
      uncountedTransfers: uncounted.map((u) => ({ tokenAddress: u.token, amountUnits: u.amount, txHash: u.tx_hash })),
    };
  }
}
