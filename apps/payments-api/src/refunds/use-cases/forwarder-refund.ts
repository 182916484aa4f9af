import { depositRefundTypedData } from '@payrail/chains';
import { PayrailError, type PaymentExceptionRecord } from '@payrail/domain';
import {
  DepositAddressesRepository,
  ForwarderRefundsRepository,
  type NewRefund,
  type RefundRecord,
  type RequestEntity,
} from '@payrail/persistence';
import { formatUnits, id as keccakUtf8, ZeroAddress } from 'ethers';
import type { DataSource, EntityManager } from 'typeorm';
import type { DepositInstructions } from '../../payments/chain/deposit-instructions.js';

/** How long the payee's signature of a forwarder refund stays valid (the typed data's deadline). */
export const FORWARDER_REFUND_TTL_MS = 24 * 60 * 60 * 1000;

/** The EIP-712 typed data a payee signs for a forwarder refund (eth_signTypedData_v4). */
export type RefundTypedData = ReturnType<typeof depositRefundTypedData>;

/** What a forwarder refund gives back and how much of it may go: the token, its currency's id and decimals, the cap. */
export interface ForwarderShare {
  token: string | null;
  currency: string;
  decimals: number;
  /** What may still be refunded from the forwarder in this token (already net of live forwarder refunds). */
  refundable: bigint;
}

const refused = (message: string) => new PayrailError('CONFLICT', message);

/**
 * What the forwarder of `request` may give back for this refund. A `wrong_token` exception: the
 * transfer it recorded, in its token. Otherwise the request's own token: what the deposit address
 * holds above the payment's amount + fee (DepositForwarder.refund never lets the unpaid payment's
 * share leave; once swept, the same excess is what is left), less live forwarder refunds of it.
 */
export async function forwarderShare(
  m: EntityManager,
  request: RequestEntity,
  exception: PaymentExceptionRecord | null,
  /** The request's own token at its deposit address (null: native). */
  requestToken: string | null,
): Promise<ForwarderShare> {
  if (exception?.kind === 'wrong_token') {
    return {
      token: exception.token,
      currency: exception.token ?? request.paymentCurrency,
      decimals: exception.receivedDecimals ?? 0,
      refundable: exception.receivedAmount,
    };
  }
  const [row] = await new DepositAddressesRepository(m).forRequests([request.id]);
  const held = row ? BigInt(row.received) : 0n;
  const needed = request.expectedAmount + request.feeAmount;
  const above = held > needed ? held - needed : 0n;
  const token = requestToken;
  const refundable = above - (await new ForwarderRefundsRepository(m).reservedFromForwarder(request.id, token));
  return { token, currency: request.paymentCurrency, decimals: request.currencyDecimals, refundable: refundable > 0n ? refundable : 0n };
}

/**
 * A refund paid back by the deposit forwarder: checked against its share, stored with what the
 * payee signs (refund key = keccak256 of the refund's id, a deadline), `from` the forwarder.
 */
export async function forwarderRefund(
  db: DataSource,
  deposits: DepositInstructions,
  base: Omit<NewRefund, 'source' | 'forwarderRefund' | 'token' | 'currency' | 'decimals' | 'from' | 'amount'>,
  request: RequestEntity,
  exception: PaymentExceptionRecord | null,
  amount: bigint | undefined,
  now: Date,
): Promise<NewRefund> {
  const forwarder = deposits.forwarderOf(request);
  if (!forwarder) throw refused('This request has no deposit address: nothing is held in a forwarder');
  const share = await forwarderShare(db.manager, request, exception, forwarder.token);
  if (share.refundable <= 0n)
    throw refused(
      'Nothing refundable is held in the deposit forwarder: only what is above the payment’s amount + fee can leave it (the payment’s own share is paid to the payee by the sweep)',
    );
  const units = amount ?? share.refundable;
  if (units > share.refundable) throw exceedsShare(share);
  return {
    ...base,
    token: share.token,
    currency: share.currency,
    decimals: share.decimals,
    from: forwarder.address,
    amount: units,
    source: 'deposit_forwarder',
    forwarderRefund: {
      forwarder: forwarder.address,
      refundKey: keccakUtf8(`payrail-refund:${base.id}`),
      deadline: new Date(Math.floor((now.getTime() + FORWARDER_REFUND_TTL_MS) / 1000) * 1000),
    },
  };
}

/** 409 naming the amount: more than the forwarder may give back. */
export const exceedsShare = (share: ForwarderShare) =>
  new PayrailError(
    'CONFLICT',
    `Refund exceeds what the deposit forwarder may give back: ${formatUnits(share.refundable, share.decimals)}`,
    {
      fields: [
        {
          field: 'amount',
          message: `exceeds the refundable amount held in the forwarder (${formatUnits(share.refundable, share.decimals)})`,
        },
      ],
    },
  );

/** The typed data of a stored forwarder refund (null for a payee-wallet refund). */
export function refundTypedData(refund: RefundRecord, chainId: number): RefundTypedData | null {
  const f = refund.forwarderRefund;
  if (refund.source !== 'deposit_forwarder' || !f) return null;
  return depositRefundTypedData(chainId, f.forwarder, {
    token: refund.token ?? ZeroAddress,
    to: refund.to,
    amount: refund.amount,
    refundId: f.refundKey,
    deadline: BigInt(Math.floor(f.deadline.getTime() / 1000)),
  });
}
