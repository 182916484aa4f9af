import {
  decodeUint256,
  encodeAllowance,
  encodeBalanceOf,
  encodeRecurringIsExecuted,
  encodeRecurringRevoked,
  type SchedulePermitValues,
} from '@payrail/permits';
import { type AbstractProvider, Interface, type TransactionLike, type TransactionReceipt, type TransactionResponse, Wallet } from 'ethers';

/** The custom errors of the contracts the relayer calls (recurring proxy, deposit factory), to name a revert. */
const PROXY_ERRORS = new Interface([
  'error BadSignature()',
  'error SignatureExpired()',
  'error IndexOutOfBounds()',
  'error NotDueYet()',
  'error AlreadyPaid()',
  'error EnforcedPause()',
  'error PermitRevoked()',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
  // DepositForwarder(Factory), swept by the deposit sweeper
  'error NotFactory()',
  'error WrongTerms()',
  'error AlreadySwept()',
  'error Underfunded(uint256 balance, uint256 needed)',
  'error RefundUsed()',
  'error RefundExpired()',
  'error ExceedsRefundable(uint256 refundable)',
  'error ReentrancyGuardReentrantCall()',
  'error SafeERC20FailedOperation(address token)',
]);

/** How long to wait for a receipt before leaving the transaction to the next pass. */
const RECEIPT_TIMEOUT_MS = 30_000;
/** When the stuck transaction is no longer known to the node: an execute measures about 150k gas. */
const REPLACEMENT_GAS_LIMIT = 400_000n;

/** What the executor asks of one network's chain, as the relayer. */
export class RelayerChain {
  private readonly wallet: Wallet;

  constructor(
    private readonly provider: AbstractProvider,
    relayerKey: string,
    readonly receiptTimeoutMs = RECEIPT_TIMEOUT_MS,
  ) {
    this.wallet = new Wallet(relayerKey, provider);
  }

  get relayer(): string {
    return this.wallet.address;
  }

  /** The relayer's native-coin balance (it pays the gas). */
  balance(): Promise<bigint> {
    return this.provider.getBalance(this.wallet.address);
  }

  /** The latest block's timestamp: the time the contract's due check uses. */
  async now(): Promise<number> {
    const block = await this.provider.getBlock('latest');
    if (!block) throw new Error('no latest block');
    return block.timestamp;
  }

  /**
   * The subscriber's side of each schedule, read together: balance and allowance of `token` to the
   * proxy, and whether the permit (its digest) was revoked on chain. The calls are made at once,
   * so ethers sends them in one JSON-RPC batch (at most ~100 calls: callers pass blocks of 32).
   */
  async subscriberStates(
    items: readonly { token: string; payer: string; proxy: string; digest: string }[],
  ): Promise<{ balance: bigint; allowance: bigint; revoked: boolean }[]> {
    const call = (to: string, data: string) => this.provider.call({ to, data }).then(decodeUint256);
    return Promise.all(
      items.map(async (i) => {
        const [balance, allowance, revoked] = await Promise.all([
          call(i.token, encodeBalanceOf(i.payer)),
          call(i.token, encodeAllowance(i.payer, i.proxy)),
          call(i.proxy, encodeRecurringRevoked(i.digest)),
        ]);
        return { balance, allowance, revoked: revoked === 1n };
      }),
    );
  }

  /** Worst-case native cost of a prepared transaction: gas limit x max fee (or gas price). */
  static gasCost(tx: TransactionLike<string>): bigint | null {
    const price = tx.maxFeePerGas ?? tx.gasPrice;
    if (tx.gasLimit === null || tx.gasLimit === undefined || price === null || price === undefined) return null;
    return BigInt(tx.gasLimit) * BigInt(price);
  }

  async isExecuted(proxy: string, values: SchedulePermitValues, index: number): Promise<boolean> {
    const result = await this.provider.call({ to: proxy, data: encodeRecurringIsExecuted(values, index) });
    return decodeUint256(result) === 1n;
  }

  /** The revert a call from the relayer would meet (custom error name or message), or null when it would succeed. */
  async simulate(to: string, data: string, gasLimit?: bigint): Promise<string | null> {
    try {
      await this.provider.call({ from: this.wallet.address, to, data, gasLimit });
      return null;
    } catch (error) {
      const raw = (error as { data?: unknown }).data;
      if (typeof raw === 'string' && raw.length >= 10) return PROXY_ERRORS.parseError(raw)?.name ?? `revert ${raw.slice(0, 10)}`;
      const reason = (error as { reason?: unknown; shortMessage?: unknown }).reason ?? (error as { shortMessage?: unknown }).shortMessage;
      return typeof reason === 'string' ? reason : 'reverted';
    }
  }

  /**
   * Fills nonce, gas limit, fees and chain id of a call from the relayer (RPC reads), without
   * signing: the executor signs and broadcasts it (`broadcast`) only under the schedule's row lock,
   * once it has seen the schedule still active. `replace` reuses the stuck transaction's nonce and
   * gas limit with doubled fees (a node estimating on pending state would see the index paid).
   * The shared nonce is what keeps a replacement from becoming a second payment.
   */
  async prepare(to: string, data: string, replace?: { hash: string; nonce: number }): Promise<TransactionLike<string>> {
    if (!replace) {
      const nonce = await this.provider.getTransactionCount(this.wallet.address, 'pending');
      return await this.wallet.populateTransaction({ to, data, nonce });
    }
    const { gasLimit, ...fees } = await this.replacementTerms(replace.hash);
    return await this.wallet.populateTransaction({ to, data, nonce: replace.nonce, gasLimit, ...fees });
  }

  /**
   * Like prepare, at a nonce the caller numbers (the deposit sweeper sends a pass's sweeps back to
   * back); with `gasLimit` (already simulated by the caller) no gas estimate is made.
   */
  prepareAt(to: string, data: string, nonce: number, gasLimit?: bigint): Promise<TransactionLike<string>> {
    return this.wallet.populateTransaction({ to, data, nonce, gasLimit });
  }

  /** The relayer's next nonce counting pending transactions. */
  pendingNonce(): Promise<number> {
    return this.provider.getTransactionCount(this.wallet.address, 'pending');
  }

  /** Signs (locally) and broadcasts a prepared transaction. */
  async broadcast(tx: TransactionLike<string>): Promise<TransactionResponse> {
    return this.provider.broadcastTransaction(await this.wallet.signTransaction(tx));
  }

  /**
   * Drops the pending transaction `hash`: a 0-value transfer from the relayer to itself with the
   * same nonce and doubled fees takes the nonce, so the original can never be mined.
   */
  async dropPending(hash: string, nonce: number): Promise<TransactionResponse> {
    const { maxFeePerGas, maxPriorityFeePerGas } = await this.replacementTerms(hash);
    return this.wallet.sendTransaction({
      to: this.wallet.address,
      value: 0n,
      nonce,
      gasLimit: 21_000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
  }

  /** The relayer's next nonce counting mined transactions only: a nonce below it is taken for good. */
  minedNonce(): Promise<number> {
    return this.provider.getTransactionCount(this.wallet.address, 'latest');
  }

  /** Gas limit and doubled fees of the transaction `hash` (or of the network when the node no longer knows it). */
  private async replacementTerms(hash: string): Promise<{ gasLimit: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint }> {
    const [original, fees] = await Promise.all([this.provider.getTransaction(hash), this.provider.getFeeData()]);
    const bump = (v: bigint | null | undefined) => (v === null || v === undefined ? undefined : v * 2n);
    return {
      gasLimit: original?.gasLimit ?? REPLACEMENT_GAS_LIMIT,
      maxFeePerGas: bump(original?.maxFeePerGas ?? fees.maxFeePerGas),
      maxPriorityFeePerGas: bump(original?.maxPriorityFeePerGas ?? fees.maxPriorityFeePerGas),
    };
  }

  /** The receipt, or null when not mined within the timeout (left to the next pass). */
  async wait(hash: string, timeoutMs = this.receiptTimeoutMs): Promise<TransactionReceipt | null> {
    return this.provider.waitForTransaction(hash, 1, timeoutMs).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'TIMEOUT') return null;
      throw error;
    });
  }

  receipt(hash: string): Promise<TransactionReceipt | null> {
    return this.provider.getTransactionReceipt(hash);
  }

  async blockTime(blockNumber: number): Promise<Date> {
    const block = await this.provider.getBlock(blockNumber);
    return new Date((block?.timestamp ?? Math.floor(Date.now() / 1000)) * 1000);
  }
}
