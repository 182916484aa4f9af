import { Injectable } from '@nestjs/common';
import { ApiKeyListingRepository, checkedPageCursor } from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { ApiKeyPageDto, ListApiKeysQueryDto } from '../dto/api-key.dto.js';

/** GET /v1/api-keys: the platform's API keys by display prefix, newest first, revoked ones included; keyset pagination. */
@Injectable()
export class ListApiKeys {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: ListApiKeysQueryDto }): Promise<ApiKeyPageDto> {
    const page = await new ApiKeyListingRepository(this.db).list(
      platformId,
      { prefix: query.prefix, status: query.status },
      { cursor: checkedPageCursor(query.cursor, 'ulid'), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    return {
      data: page.rows.map((k) => ({
        id: k.id,
        prefix: k.prefix,
        createdAt: k.created_at.toISOString(),
        revokedAt: k.revoked_at?.toISOString() ?? null,
      })),
      nextCursor: page.nextCursor,
    };
  }
}
