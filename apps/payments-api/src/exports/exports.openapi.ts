import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { PAYMENT_EXPORT_COLUMNS } from '@payrail/reconciliation';
import { ExportScheduleDto, ExportScheduleListDto } from './dto/export-schedule.dto.js';

export const ApiExportsController = () => ApiDocs(ApiTags('exports'));

export const ApiExportPayments = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's payments for accounting, as CSV or JSON, streamed (beyond the spec)",
      description:
        "One row per payment (a fee-proxy transfer to one of the platform's requests), in chain time order, read through a Postgres cursor. " +
        `Columns: ${PAYMENT_EXPORT_COLUMNS.join(', ')}. Amounts are decimal strings; fiatValue, fiatRate, fiatRateSource and fiatRateAt ` +
        'were stored when the payment settled (empty for a payment settled before they were recorded, or while no rate could be read). ' +
        'CSV: RFC 4180, CRLF lines, exceptions as kind:status and refunds as amount:status:txHash separated by semicolons. JSON: one array of objects. ' +
        "A failure after the first byte aborts the connection. Read on the exports' own database pool; concurrent exports are capped per platform and per server (429).",
    }),
    ApiProduces('text/csv', 'application/json'),
    ApiOkResponse({
      description: 'The payments',
      content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
    }),
    ApiBadRequestResponse({ description: 'An invalid filter, an unknown column, or `to` not after `from`' }),
    ApiTooManyRequestsResponse({
      description: 'Too many exports of this platform or on this server are running; Retry-After says when to try again',
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    }),
  );

export const ApiCreateExportSchedule = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Schedule a daily or monthly payments export (beyond the spec)',
      description:
        "After each UTC day (daily) or calendar month (monthly), the chain-worker's exports leader writes that period's payments " +
        "(the columns and filters given, by payment time) to the operator's S3-compatible bucket under exports/<platformId>/<scheduleId>/, " +
        'or mails them as an attachment. The first period delivered is the first that ends after the schedule was created.',
    }),
    ApiCreatedResponse({ type: ExportScheduleDto }),
    ApiBadRequestResponse({
      description: 'An invalid frequency, format, destination, column or filter; email missing for destination email',
    }),
    ApiConflictResponse({ description: 'The platform has 20 schedules already' }),
  );

export const ApiListExportSchedules = () =>
  ApiDocs(
    ApiOperation({ summary: "The platform's export schedules, each with its latest delivery" }),
    ApiOkResponse({ type: ExportScheduleListDto }),
  );

export const ApiDeleteExportSchedule = () =>
  ApiDocs(
    ApiOperation({ summary: 'Delete an export schedule (its delivery history goes with it; files delivered stay)' }),
    ApiNoContentResponse({ description: 'Deleted' }),
    ApiNotFoundResponse({ description: 'No schedule of that id on this platform' }),
  );
