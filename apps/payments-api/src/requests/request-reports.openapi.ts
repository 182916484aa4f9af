import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { VolumeDto } from './dto/volume.dto.js';
import { EXPORT_COLUMNS } from './use-cases/export-requests.use-case.js';

export const ApiRequestReportsController = () => ApiDocs(ApiTags('requests'));

export const ApiExportRequestsCsv = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's requests as CSV, streamed (beyond the spec)",
      description:
        `Same filters as the list, every matching row, newest first, read through a Postgres cursor. Columns: ${EXPORT_COLUMNS.join(', ')}. ` +
        'RFC 4180 quoting, CRLF lines, amounts as decimal strings; a field starting with =, +, -, @ is prefixed with a quote. ' +
        'A failure after the first byte aborts the connection (the file is then visibly incomplete). ' +
        'Read on a database pool of its own with statement and idle-in-transaction timeouts; concurrent exports are capped per platform and per server (429).',
    }),
    ApiProduces('text/csv'),
    ApiOkResponse({ description: 'CSV with a header line', content: { 'text/csv': { schema: { type: 'string' } } } }),
    ApiBadRequestResponse({ description: 'An invalid filter, or `to` not after `from`' }),
    ApiTooManyRequestsResponse({
      description:
        'EXPORT_MAX_PER_PLATFORM exports of this platform (across replicas) or EXPORT_MAX_PER_REPLICA on this server are running; Retry-After says when to try again',
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    }),
  );

export const ApiRequestVolume = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Settled volume per day and currency (beyond the spec)',
      description: 'paid, overpaid and fee_short requests by paid_at (UTC days), summed in the database; at most 366 days.',
    }),
    ApiOkResponse({ type: VolumeDto }),
    ApiBadRequestResponse({ description: 'from or to missing or invalid, to not after from, or a range over 366 days' }),
  );
