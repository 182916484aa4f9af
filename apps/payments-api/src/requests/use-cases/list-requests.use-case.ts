import { Inject, Injectable } from '@nestjs/common';
import { RequestListingRepository } from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE, type FieldCipher } from '@payrail/platform';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { DataSource } from 'typeorm';
import type { ListRequestsQueryDto } from '../dto/request-filter.query.js';
import type { RequestPageDto } from '../dto/request-list.dto.js';
import { checkedCursor, requestFilterOf } from '../filter.js';
import { requestListItemView } from '../request-views.js';

export interface ListRequestsCommand {
  platformId: string;
  query: ListRequestsQueryDto;
}

/** The platform's requests, newest first, filtered; keyset pagination on (created_at, id). */
@Injectable()
export class ListRequests {
  constructor(
    private readonly db: DataSource,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  async execute({ platformId, query }: ListRequestsCommand): Promise<RequestPageDto> {
    const filter = requestFilterOf(query);
    const cursor = checkedCursor(query.cursor);
    const page = await new RequestListingRepository(this.db).list(platformId, filter, { cursor, limit: query.limit ?? DEFAULT_PAGE_SIZE });
    return { data: page.rows.map((row) => requestListItemView(row, this.cipher)), nextCursor: page.nextCursor };
  }
}
