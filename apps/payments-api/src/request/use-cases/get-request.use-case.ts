import { Inject, Injectable } from '@nestjs/common';
import { maskAddress, PayrailError } from '@payrail/domain';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { requestView, type RequestView } from '../request.view.js';

/**
 * GET /v2/request/{requestId}: the request's state for its owner only. An API key reads its
 * platform's requests, a Client ID the ones created with it; anything else is 404. A Client ID is
 * public (it ships in checkout pages), so with one the answer carries no customerInfo (null) and,
 * when a secure payment over the request hides its payee (`hidePayeeAddress`), the payee and fee
 * addresses masked as the page masks them; the API key reads everything.
 */
@Injectable()
export class GetRequest {
  constructor(
    private readonly db: DataSource,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  async execute(command: { caller: Caller; requestId: string }): Promise<RequestView> {
    const request = await new RequestsRepository(this.db.manager).byId(ownerOf(command.caller), command.requestId);
    if (!request) throw new PayrailError('NOT_FOUND', 'Request not found');
    if (command.caller.kind !== 'api-key') {
      const hidden = await new SecurePaymentsRepository(this.db.manager).hidesPayeeOf(request.platformId, request.id);
      const view = requestView(request, null);
      return hidden ? { ...view, payee: maskAddress(view.payee), feeAddress: view.feeAddress && maskAddress(view.feeAddress) } : view;
    }
    const customerInfo = request.customerInfoEncrypted
      ? (JSON.parse(this.cipher.decrypt(request.customerInfoEncrypted, request.id)) as object)
      : null;
    return requestView(request, customerInfo);
  }
}
