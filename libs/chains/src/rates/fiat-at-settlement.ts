import type { RateFeed, RateFeedBook } from '../conversion/rate-feeds.js';
import { isRateError, type RateSource, type UsdRate } from './rate-source.js';

/** Digits after the point kept in a stored rate (one token in fiat). */
export const FIAT_RATE_DECIMALS = 18;

/** A payment's fiat value at settlement: what is stored beside the transfer (decimal strings). */
export interface FiatAtSettlement {
  /** ISO 4217 code: the request's invoice currency when it is a fiat with a rate, else USD. */
  currency: string;
  /** The amount's value in `currency`, rounded half up to the cent ("1234.56"). */
  value: string;
  /** One whole token in `currency`, FIAT_RATE_DECIMALS digits, trailing zeros removed. */
  rate: string;
  /** Where the rate was read ("chainlink-aggregator:0x...", "; " between the two legs of a cross rate). */
  source: string;
  /** When the rate was published (the older leg's feed update for a cross rate). */
  at: Date;
}

/** The rates a fiat value is made of: the token's USD rate, and the fiat's when it is not USD. */
export interface FiatRates {
  currency: string;
  token: UsdRate;
  fiat: UsdRate | null;
  source: string;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `numerator / denominator` rounded half up to `digits` decimals, as a decimal string (inputs non-negative). */
function decimalOf(numerator: bigint, denominator: bigint, digits: number, trim: boolean): string {
  const scaled = (numerator * pow10(digits) * 2n + denominator) / (denominator * 2n);
  const whole = (scaled / pow10(digits)).toString();
  let fraction = (scaled % pow10(digits)).toString().padStart(digits, '0');
  if (trim) fraction = fraction.replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * The fiat value of `units` (token smallest units, `decimals`) at these rates, in integer
 * arithmetic: value = units * tokenUsd / fiatUsd, rounded half up once, at the end.
 */
export function fiatValueOf(units: bigint, decimals: number, rates: FiatRates): FiatAtSettlement {
  const { token, fiat } = rates;
  // tokenUsd = token.answer / 10^token.decimals; fiatUsd = fiat.answer / 10^fiat.decimals (1 for USD).
  const fiatAnswer = fiat?.answer ?? 1n;
  const fiatScale = pow10(fiat?.decimals ?? 0);
  const rateNumerator = token.answer * fiatScale;
  const rateDenominator = pow10(token.decimals) * fiatAnswer;
  return {
    currency: rates.currency,
    value: decimalOf(units * rateNumerator, pow10(decimals) * rateDenominator, 2, false),
    rate: decimalOf(rateNumerator, rateDenominator, FIAT_RATE_DECIMALS, true),
    source: rates.source,
    at: new Date(Math.min(token.updatedAt, fiat?.updatedAt ?? token.updatedAt) * 1000),
  };
}

/** A feed named for the record: its kind and contract. */
export function rateFeedName(feed: RateFeed): string {
  return feed.kind === 'aggregator' ? `chainlink-aggregator:${feed.address}` : `chainlink-conversion-path:${feed.conversionPath}`;
}

/**
 * The rates settlement records a payment at: the payment token's USD rate and, for a request
 * invoiced in another fiat currency with a rate on the network, that currency's. Answers null
 * when the token has no rate or the rate cannot be read now (stale, RPC down): settlement never
 * waits for a price feed, the export then shows the row without a fiat value.
 */
export async function settlementRates(
  rates: RateSource,
  book: RateFeedBook,
  network: string,
  paymentCurrency: string,
  invoiceCurrency: string,
): Promise<FiatRates | null> {
  const feeds = book[network] ?? {};
  const tokenFeed = feeds[paymentCurrency];
  if (!tokenFeed) return null;
  const fiatFeed = /^[A-Z]{3}$/.test(invoiceCurrency) && invoiceCurrency !== 'USD' ? feeds[invoiceCurrency] : undefined;
  try {
    const token = await rates.usdRate(network, paymentCurrency);
    if (!fiatFeed) return { currency: 'USD', token, fiat: null, source: rateFeedName(tokenFeed) };
    const fiat = await rates.usdRate(network, invoiceCurrency);
    return { currency: invoiceCurrency, token, fiat, source: `${rateFeedName(tokenFeed)}; ${rateFeedName(fiatFeed)}` };
  } catch (error) {
    if (isRateError(error)) return null;
    throw error;
  }
}
