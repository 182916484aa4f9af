import type { Currency } from './currency.js';

/**
 * What a currency may be used for, by symbol (the list's symbols: `USDCn` is native Circle USDC,
 * `fUSDC`/`fUSDT`/`FAU` are sepolia test tokens). Source: spec "Networks and currencies".
 */

/** Payment destinations: USDC or USDT only (and their sepolia test stand-ins; FAU is a DAI stand-in, not one). */
const DESTINATION_SYMBOLS: readonly string[] = ['USDC', 'USDCn', 'USDT', 'fUSDC', 'fUSDT'];

/** Cross-chain source currencies; USDT0 is an alias of USDT for paying, never a destination. */
const CROSS_CHAIN_SOURCE_SYMBOLS: readonly string[] = ['USDC', 'USDCn', 'USDT', 'EURC', 'USDT0'];

/** Invoice currencies a conversion payment may be denominated in. */
export const CONVERSION_INVOICE_CURRENCIES: readonly string[] = ['USD', 'EUR', 'CNY', 'GBP', 'JPY'];

/** Currencies that may pay a conversion request: USDC, USDT, DAI and the sepolia FAU (with the test stand-ins). */
const CONVERSION_PAYMENT_SYMBOLS: readonly string[] = ['USDC', 'USDCn', 'USDT', 'DAI', 'FAU', 'fUSDC', 'fUSDT'];

const isToken = (c: Currency) => c.type === 'ERC20' || c.type === 'TRC20';

export const isDestinationCurrency = (c: Currency): boolean => isToken(c) && DESTINATION_SYMBOLS.includes(c.symbol);
export const isCrossChainSourceCurrency = (c: Currency): boolean => isToken(c) && CROSS_CHAIN_SOURCE_SYMBOLS.includes(c.symbol);
export const isConversionPaymentCurrency = (c: Currency): boolean => isToken(c) && CONVERSION_PAYMENT_SYMBOLS.includes(c.symbol);
