import { keccak256, toUtf8Bytes } from 'ethers';

/** A requestId: `01` (Request Network's normalized-keccak256 multi-format prefix) + 64 lowercase hex; 66 characters, no 0x. */
export const REQUEST_ID_PATTERN = /^01[0-9a-f]{64}$/;

/** A payment salt: 8 bytes as 16 lowercase hex characters, as Request Network's `generate8randomBytes` makes them. */
const SALT_PATTERN = /^[0-9a-f]{16}$/;

/** A payment reference as the API and the chain write it: `0x` + 16 hex (8 bytes). */
const PAYMENT_REFERENCE_PATTERN = /^0x[0-9a-f]{16}$/;

function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/**
 * Request Network's payment reference (payment-detection `PaymentReferenceCalculator.calculate`):
 * the last 8 bytes of keccak256 over the UTF-8 text of `lowercase(requestId + salt + address)`,
 * written `0x` + 16 hex. `address` is the payee's payment address as given (EVM hex or Tron
 * base58); lower-casing makes the EVM checksum irrelevant.
 */
export function paymentReference(requestId: string, salt: string, paymentAddress: string): string {
  if (!isRequestId(requestId)) throw new Error(`Not a requestId: ${String(requestId)}`);
  if (!SALT_PATTERN.test(salt)) throw new Error(`Not a 16-hex-digit salt: ${salt}`);
  if (paymentAddress.length === 0) throw new Error('A payment reference needs the payment address');
  const digest = keccak256(toUtf8Bytes(`${requestId}${salt}${paymentAddress}`.toLowerCase()));
  return '0x' + digest.slice(-16);
}

/**
 * The log topic a fee proxy writes for a payment reference: the reference is an indexed `bytes`,
 * so the topic is keccak256 of its 8 raw bytes (not of its text).
 */
export function paymentReferenceTopic(reference: string): string {
  if (!PAYMENT_REFERENCE_PATTERN.test(reference)) throw new Error(`Not a payment reference: ${reference}`);
  return keccak256(reference);
}

/** Key-sorted JSON, lower-cased: Request Network's `normalize` before hashing a request's creation data. */
function normalize(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value)).toLowerCase();
}

/**
 * A new requestId shaped as Request Network's: `01` + keccak256 of the normalized creation data.
 * Request Network hashes its signed create action; a payout has none, so the data is the
 * request's own fields plus `nonce` (32 random bytes from the caller, which makes ids unique
 * even for identical payouts). Pure: the same input gives the same id.
 */
export function requestIdFor(creation: Record<string, unknown>, nonce: string): string {
  if (!/^[0-9a-f]{64}$/.test(nonce)) throw new Error('The requestId nonce must be 32 bytes of lowercase hex');
  return '01' + keccak256(toUtf8Bytes(normalize({ ...creation, nonce }))).slice(2);
}

/**
 * A refund's own payment reference, so the refund's fee-proxy transfer is detected like any payment
 * (issue #35): the last 8 bytes of keccak256 over `refund:` + requestId + `:` + refundId (lower
 * case), `0x` + 16 hex. Distinct from every request's reference (a different preimage shape).
 */
export function refundPaymentReference(requestId: string, refundId: string): string {
  if (!isRequestId(requestId)) throw new Error(`Not a requestId: ${String(requestId)}`);
  if (refundId.length === 0) throw new Error('A refund reference needs the refund id');
  return '0x' + keccak256(toUtf8Bytes(`refund:${requestId}:${refundId}`.toLowerCase())).slice(-16);
}
