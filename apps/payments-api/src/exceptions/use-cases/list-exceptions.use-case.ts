import { Injectable } from '@nestjs/common';
import { exceptionView, PayrailError, type PaymentExceptionView } from '@payrail/domain';
import { checkedPageCursor, PaymentExceptionsRepository } from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { ExceptionPageDto, ListExceptionsQueryDto } from '../dto/exception.dto.js';

/** GET /v2/exceptions (newest first, filtered, keyset on created_at and id) and GET /v2/exceptions/{id}: the platform's only. */
@Injectable()
export class ListExceptions {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: ListExceptionsQueryDto }): Promise<ExceptionPageDto> {
    const page = await new PaymentExceptionsRepository(this.db.manager).list(
      platformId,
      { status: query.status, kind: query.kind, network: query.network, requestId: query.requestId },
      { cursor: checkedPageCursor(query.cursor, 'ulid'), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    return { data: page.rows.map(exceptionView), nextCursor: page.nextCursor };
  }

  async one({ platformId, id }: { platformId: string; id: string }): Promise<PaymentExceptionView> {
    const found = await new PaymentExceptionsRepository(this.db.manager).owned(platformId, id);
    if (!found) throw new PayrailError('NOT_FOUND', 'Exception not found');
    return exceptionView(found);
  }
}
