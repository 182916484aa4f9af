import { Injectable } from '@nestjs/common';
import { EVM_NETWORKS, type EvmNetwork } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { ForwarderRefundsRepository, RefundsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { verifyTypedData } from 'ethers';
import { DataSource } from 'typeorm';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { RefundView } from '../../payments/records/refund-view.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { refundTypedData } from './forwarder-refund.js';
import { ownRequest, refundView } from './refund-views.js';

/**
 * POST /v2/request/{requestId}/refunds/{refundId}/signature: the payee's EIP-712 signature of a
 * deposit_forwarder refund. It must recover to the request's payee (an ERC-1271 contract-wallet
 * payee cannot sign through the API yet); stored, the refund is `submitted` and chain-worker's
 * relayer sends factory.deployAndRefund. Only while awaiting_signature (409 otherwise); a deadline
 * already past is refused (409: create a new refund).
 */
@Injectable()
export class SignRefund {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
  ) {}

  async execute(command: { caller: Caller; requestId: string; refundId: string; signature: string }): Promise<RefundView> {
    const request = await ownRequest(this.db, command.caller, command.requestId);
    const refund = await new RefundsRepository(this.db.manager).byId(request.id, command.refundId);
    if (!refund) throw new PayrailError('NOT_FOUND', 'Refund not found');
    if (refund.source !== 'deposit_forwarder')
      throw new PayrailError(
        'CONFLICT',
        'Only a deposit_forwarder refund is signed here: the payee’s wallet sends a payee_wallet refund itself',
      );
    const typed = refundTypedData(refund, EVM_NETWORKS[refund.network as EvmNetwork].chainId);
    if (refund.status !== 'awaiting_signature' || !typed)
      throw new PayrailError('CONFLICT', `Refund is ${refund.status}; only a refund awaiting its signature can be signed`);
    if (refund.forwarderRefund && refund.forwarderRefund.deadline.getTime() <= Date.now())
      throw new PayrailError('CONFLICT', 'The refund’s deadline has passed: cancel it and create a new one');
    let signer: string;
    try {
      signer = verifyTypedData(typed.domain, typed.types, typed.message, command.signature);
    } catch {
      throw invalidField('signature', 'signature is not a valid ECDSA signature');
    }
    if (signer.toLowerCase() !== request.payee.toLowerCase())
      throw invalidField('signature', `signature is not the payee's (${request.payee}): it recovers to ${signer}`);
    // A conditional UPDATE: a concurrent signature or cancel finds the row moved on.
    if (!(await new ForwarderRefundsRepository(this.db.manager).signed(refund.id, command.signature)))
      throw new PayrailError('CONFLICT', 'Refund was signed or cancelled meanwhile');
    return refundView(this.planner, request, { ...refund, status: 'submitted', signature: command.signature });
  }
}
