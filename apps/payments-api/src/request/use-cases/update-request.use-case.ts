import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { InvoicesRepository } from '@payrail/persistence';
import { type Caller, CLOCK, type Clock } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ownerOf } from '../../payments/owner.js';
import { GetRequest, type RequestRecordView } from './get-request.use-case.js';

/**
 * PATCH /v2/request/{requestId} `{isRecurrenceStopped}`: stops or resumes the recurring series the
 * request belongs to (its first request holds the flag), for the request's owner only (404 otherwise).
 * On a request that is not recurring the flag is recorded and changes nothing. Answers the status record.
 * Resuming skips the periods that started while stopped, by CLOCK's time.
 */
@Injectable()
export class UpdateRequest {
  constructor(
    private readonly db: DataSource,
    private readonly getRequest: GetRequest,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { caller: Caller; requestId: string; isRecurrenceStopped: boolean }): Promise<RequestRecordView> {
    const owner = ownerOf(command.caller);
    const found = await new InvoicesRepository(this.db.manager).setRecurrenceStopped(
      owner,
      command.requestId,
      command.isRecurrenceStopped,
      new Date(this.clock.now()),
    );
    if (!found) throw new PayrailError('NOT_FOUND', 'Request not found');
    return this.getRequest.execute({ caller: command.caller, requestId: command.requestId });
  }
}
