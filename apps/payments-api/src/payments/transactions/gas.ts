/**
 * Gas used when the node cannot estimate a transaction before the ones it depends on are mined
 * (a payment whose approval is still to be sent reverts in `eth_estimateGas`). Measured on the
 * local chain (then with the project's own look-alike proxies, not re-measured on Request Network's
 * published bytecode, which the generous margins cover), paying fresh accounts (the most expensive case), and
 * rounded up: an ERC-20 approval 46k, a fee-proxy token payment with a fee 87k, a native one with
 * a fee 97k, a batch of three payments (two tokens and ether) 302k.
 */
export const GAS_FALLBACK = {
  approve: 60_000n,
  erc20Payment: 120_000n,
  nativePayment: 130_000n,
  batchBase: 60_000n,
  batchPerPayment: 100_000n,
} as const;

/**
 * Without a payer wallet (or where the chain cannot be read: Tron, a network without RPC
 * endpoint) nothing is checked and `hasEnoughBalance` / `hasEnoughGas` answer true, so clients
 * that gate on them let the wallet decide; an ERC-20 payment then always includes its approval.
 */
export const UNCHECKED = true;
