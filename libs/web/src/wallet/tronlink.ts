import type { TronLinkAdapter } from '@tronweb3/tronwallet-adapter-tronlink';

/** Why a TronLink step failed: no wallet in this browser, the person declined, or anything else. */
export type TronWalletProblem = 'not_found' | 'rejected' | 'failed';

/** A TronLink step that failed; `message` is the wallet's own words (for `failed`). */
export class TronWalletError extends Error {
  constructor(
    readonly problem: TronWalletProblem,
    message: string,
  ) {
    super(message);
    this.name = 'TronWalletError';
  }
}

/**
 * A TronLink-compatible wallet through the maintained TronLink adapter (TIP-6963 discovery, else
 * `window.tronLink` / `window.tronWeb`). The adapter is imported on first use, so it is its own
 * chunk and no app's first load carries it. It never opens tronlink.org or the TronLink app when no
 * wallet is found: the app says so instead. Failures are TronWalletErrors.
 */
export class TronLinkWallet {
  readonly name = 'TronLink';
  private adapter: Promise<TronLinkAdapter> | undefined;

  /** Connects (or reuses the connection) and answers the wallet's base58 address. */
  async connect(): Promise<string> {
    const adapter = await this.load();
    await attempt(() => adapter.connect());
    if (!adapter.address) throw new TronWalletError('failed', 'the wallet gave no account');
    return adapter.address;
  }

  /** The wallet's signature of `message` as it is (TronWeb `signMessageV2`: TIP-191, 0x-hex). */
  async signMessage(message: string): Promise<string> {
    const adapter = await this.load();
    return attempt(() => adapter.signMessage(message));
  }

  /** A transaction the wallet's TronWeb built, signed by the wallet. */
  async signTransaction(transaction: unknown): Promise<unknown> {
    const adapter = await this.load();
    // The adapter types the transaction as TronWeb's; what the wallet built is passed back as it is.
    return attempt(() => adapter.signTransaction(transaction as Parameters<TronLinkAdapter['signTransaction']>[0]));
  }

  private load(): Promise<TronLinkAdapter> {
    this.adapter ??= import('@tronweb3/tronwallet-adapter-tronlink').then(
      ({ TronLinkAdapter }) => new TronLinkAdapter({ openUrlWhenWalletNotFound: false, openTronLinkAppOnMobile: false }),
    );
    return this.adapter;
  }
}

async function attempt<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw tronWalletError(error);
  }
}

/**
 * The adapter's error classified by its name (WalletNotFoundError) or the wallet's words and code:
 * TronLink answers a declined connection with code 4001 and a declined signature with
 * "Confirmation declined by user" (wrapped by the adapter as the inner error).
 */
export function tronWalletError(error: unknown): TronWalletError {
  if (error instanceof TronWalletError) return error;
  const e = (error ?? {}) as { name?: string; message?: string; code?: number; error?: { code?: number; message?: string } };
  const message = (e.message || e.error?.message || String(error)).replace(/\.$/, '');
  if (e.name === 'WalletNotFoundError') return new TronWalletError('not_found', message);
  const code = e.code ?? e.error?.code;
  const words = `${e.message ?? ''} ${e.error?.message ?? ''}`;
  if (code === 4001 || /reject|declin|denied|cancel/i.test(words)) return new TronWalletError('rejected', message);
  return new TronWalletError('failed', message);
}
