import { Injectable, Logger } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { encodeNativeFeeProxyPayment } from '@payrail/permits';
import { getAddress, isError, toQuantity, ZeroAddress } from 'ethers';
import { RpcBatch, type RpcCall } from './rpc-batch.js';

/** An address a native payment sends currency to, and the request field that named it. */
export interface NativeRecipient {
  field: string;
  address: string;
  /** `payee`: paid with a full-gas call; `fee`: paid with `transfer` (2,300 gas), even a zero fee. */
  role: 'payee' | 'fee';
  /** The payment that sends to it. */
  leg: NativeLeg;
}

/** A native payment through Request Network's EthereumFeeProxy, as the simulations replay it. */
export interface NativeLeg {
  proxy: string;
  paymentReference: string;
  amount: bigint;
  feeAmount: bigint;
}

/**
 * Sends the simulations; holds no code on any chain ("payrail-sim-sender" in ASCII). It stands in
 * for the other recipient of a leg, so each simulation tests one recipient alone.
 */
const SIMULATION_SENDER = getAddress('0x7061797261696c2d73696d2d73656e6465720000');

const MESSAGES = {
  fee: (address: string) =>
    `${address} is a contract that cannot receive the fee: Request Network's EthereumFeeProxy sends it with a 2,300-gas transfer ` +
    `(even a zero fee), which this contract's receive function exceeds (a Safe or another smart wallet does), so the payment would revert. ` +
    `Use an address without code, or pay in a token.`,
  payee: (address: string) =>
    `${address} is a contract that does not accept native currency from Request Network's EthereumFeeProxy ` +
    `(the simulated payment reverts), so the payment would revert. Use another address, or pay in a token.`,
};

/**
 * Catches, before the payer signs, a native payment whose payee or fee address cannot be paid by
 * Request Network's EthereumFeeProxy. The payout's round trip carries `eth_getCode` of each
 * recipient; only a recipient with code costs one more round trip: an `eth_call` of the proxy
 * from a simulation sender funded by a state override, with that recipient alone in its role.
 * A node that cannot run the simulation (no state overrides) leaves the payment unchecked (logged).
 */
@Injectable()
export class NativeRecipientGuard {
  private readonly logger = new Logger('NativeRecipientGuard');

  constructor(private readonly rpc: RpcBatch) {}

  /** Recipients worth checking: the zero address (no fee) has no code. */
  recipients(candidates: (NativeRecipient | null)[]): NativeRecipient[] {
    return candidates.filter((r): r is NativeRecipient => r !== null && r.address.toLowerCase() !== ZeroAddress);
  }

  /** `eth_getCode` of each recipient, in order, to send in the payout's round trip. */
  codeCalls(recipients: NativeRecipient[]): RpcCall[] {
    return recipients.map((r) => ({ method: 'eth_getCode', params: [r.address, 'latest'] }));
  }

  /** Throws a 400 naming every recipient with code that the proxy cannot pay. */
  async check(network: string, recipients: NativeRecipient[], codes: PromiseSettledResult<unknown>[]): Promise<void> {
    const contracts = recipients.filter((_, i) => {
      const code = codes[i];
      return code?.status === 'fulfilled' && typeof code.value === 'string' && code.value !== '0x';
    });
    if (contracts.length === 0) return;
    const results = await this.rpc.send(network, contracts.map(simulation), 0);
    if (!results) return;
    const refused = contracts.filter((r, i) => {
      const result = results[i];
      if (result.status === 'fulfilled') return false;
      if (isError(result.reason, 'CALL_EXCEPTION')) return true;
      this.logger.warn({ err: result.reason as unknown, network, field: r.field }, 'Native recipient simulation failed; left unchecked');
      return false;
    });
    if (refused.length === 0) return;
    const fields = refused.map((r) => ({ field: r.field, message: MESSAGES[r.role](r.address) }));
    const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${summary}`, { fields });
  }
}

/** The proxy call with `recipient` in its role and the simulation sender (no code) in the other. */
function simulation(recipient: NativeRecipient): RpcCall {
  const { leg } = recipient;
  const value = leg.amount + leg.feeAmount;
  const data = encodeNativeFeeProxyPayment({
    to: recipient.role === 'payee' ? recipient.address : SIMULATION_SENDER,
    amount: leg.amount,
    paymentReference: leg.paymentReference,
    feeAmount: leg.feeAmount,
    feeAddress: recipient.role === 'fee' ? recipient.address : SIMULATION_SENDER,
  });
  return {
    method: 'eth_call',
    params: [
      { from: SIMULATION_SENDER, to: leg.proxy, data, value: toQuantity(value) },
      'latest',
      { [SIMULATION_SENDER]: { balance: toQuantity(value) } },
    ],
  };
}
