import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { RequestsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ownerOf } from '../../payouts/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../request.tokens.js';
import { requestView, type RequestView } from '../request.view.js';

/**
 * GET /v2/request/{requestId}: the request's state for its owner only. An API key reads its
 * platform's requests, a Client ID the ones created with it; anything else is 404.
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
    const customerInfo = request.customerInfoEncrypted
      ? (JSON.parse(this.cipher.decrypt(request.customerInfoEncrypted, request.id)) as object)
      : null;
    return requestView(request, customerInfo);
  }
}
