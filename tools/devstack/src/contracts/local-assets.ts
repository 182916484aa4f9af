/** Tokens and price feeds the devstack deploys on the local chain, with their starting values. */

export interface LocalTokenSpec {
  symbol: string;
  name: string;
  decimals: number;
}

export interface LocalFeedSpec {
  /** "BASE/QUOTE", e.g. "EUR/USD": the answer is the price of 1 BASE in QUOTE. */
  pair: string;
  /** Human-readable starting price, e.g. "1.08". */
  answer: string;
}

/** Stand-ins for the stablecoins Payrail accepts; FAU mirrors Request Network's sepolia faucet token. */
export const LOCAL_TOKENS: readonly LocalTokenSpec[] = Object.freeze([
  { symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
  { symbol: 'FAU', name: 'Faucet Token', decimals: 18 },
]);

/** Every feed uses Chainlink's 8 decimals for fiat and USD pairs. */
export const LOCAL_FEED_DECIMALS = 8;

export const LOCAL_FEEDS: readonly LocalFeedSpec[] = Object.freeze([
  { pair: 'EUR/USD', answer: '1.08' },
  { pair: 'GBP/USD', answer: '1.27' },
  { pair: 'CNY/USD', answer: '0.138' },
  { pair: 'JPY/USD', answer: '0.0067' },
  { pair: 'USDC/USD', answer: '1.00' },
  { pair: 'USDT/USD', answer: '1.00' },
  { pair: 'DAI/USD', answer: '1.00' },
  { pair: 'ETH/USD', answer: '3000' },
]);

/**
 * Keys of LocalDeployment.contracts that hold Request Network's published bytecode
 * (`@requestnetwork/smart-contracts`, via publishedArtifact): both fee proxies (no constructor
 * arguments), the conversion path the batch contract reads for its USD fee cap, and the batch contract.
 */
export const LOCAL_PROXIES = Object.freeze(['ERC20FeeProxy', 'EthereumFeeProxy'] as const);
export const LOCAL_CONVERSION_PATH = 'ChainlinkConversionPath';
export const LOCAL_BATCH = 'BatchConversionPayments';

/**
 * The batch fee the devstack sets on its BatchConversionPayments (`setBatchFee`, basis points of
 * the request amounts, paid to the batch's fee address): 30 = 0.30%, the value Request Network's
 * contract-setup scripts used when the batch contract went to mainnet (its current admin task
 * sets 0; Payrail reads the deployed value, so either works). Non-zero so every local batch proves
 * the fee is included.
 */
export const LOCAL_BATCH_FEE_BPS = 30;

/** `setBatchFeeAmountUSDLimit`: $150 with 8 decimals, Request Network's setup value. */
export const LOCAL_BATCH_FEE_USD_LIMIT = 150n * 10n ** 8n;

/** ... and the project's own recurring payment proxy (no published counterpart), deployed with (owner = deployer, relayer, ERC20FeeProxy). */
export const LOCAL_RECURRING = 'ERC20RecurringPaymentProxy';
/** The project's deposit-address factory (contracts/DepositForwarderFactory.sol): no constructor arguments, no owner. */
export const LOCAL_DEPOSIT_FACTORY = 'DepositForwarderFactory';

/** Default faucet amount per token, in human units. */
export const DEFAULT_FUND_AMOUNT = '1000000';
