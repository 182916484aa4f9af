import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { type CursorIdForm, decodeKeysetCursor, isCursorId } from '@payrail/domain';
import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';

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
  @IsKeysetCursor()
  cursor?: string;
}

/**
 * A keyset cursor (base64url of position and id), shape checked here; the list checks its id
 * form when it decodes it (checkedPageCursor), each list knowing the id type of its rows.
 */
export function IsKeysetCursor(): PropertyDecorator {
  return ValidateBy({
    name: 'isKeysetCursor',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && (['uuid', 'ulid', 'requestId'] as const).some((form) => decodeKeysetCursor(value, form)),
      defaultMessage: () => 'cursor must be a nextCursor value',
    },
  });
}

/** A cursor that is a row id itself (events: a bigint; one endpoint's deliveries: a ULID), checked against its form. */
export function IsCursorId(form: CursorIdForm, message = 'cursor must be a nextCursor value'): PropertyDecorator {
  return ValidateBy({
    name: 'isCursorId',
    validator: { validate: (value: unknown) => typeof value === 'string' && isCursorId(form, value), defaultMessage: () => message },
  });
}
