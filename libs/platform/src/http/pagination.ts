import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/**
 * `limit` and `cursor` of every keyset-paginated list (newest first). The cursor is opaque: pass a
 * page's `nextCursor` back unchanged; anything else is a 400.
 */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Rows per page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ description: "The previous page's `nextCursor`, unchanged" })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,140}$/, { message: 'cursor must be a nextCursor value' })
  cursor?: string;
}
