/** Wallet sessions end after 15 minutes without an authenticated request (the server slides them on each one). */
export const WALLET_IDLE_MS = 15 * 60 * 1000;
/** The warning shows this long before an idle wallet session ends. */
export const WARN_BEFORE_MS = 2 * 60 * 1000;

let lastActivity = Date.now();
const listeners = new Set<() => void>();

/**
 * When the server last saw this session: every successful API answer is one (each slides a wallet
 * session server-side and re-sets its cookie). The dashboard polls nothing on its own, so an idle
 * tab really is idle and its session ends like the server's.
 */
export const activity = {
  touch(): void {
    lastActivity = Date.now();
    listeners.forEach((fn) => fn());
  },
  last: (): number => lastActivity,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};
