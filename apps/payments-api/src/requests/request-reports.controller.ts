import { Readable } from 'node:stream';
import { Controller, Get, Logger, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import type { Response } from 'express';
import { RequestFilterQueryDto } from './dto/request-filter.query.js';
import { VolumeDto, VolumeQueryDto } from './dto/volume.dto.js';
import { EXPORT_COLUMNS, ExportRequests } from './use-cases/export-requests.use-case.js';
import { RequestVolume } from './use-cases/request-volume.use-case.js';

/** The platform's request reports (beyond the spec): the CSV export and the volume overview. */
@ApiTags('requests')
@PlatformAuth()
@Controller('v2/requests')
export class RequestReportsController {
  private readonly logger = new Logger(RequestReportsController.name);

  constructor(
    private readonly exporter: ExportRequests,
    private readonly volumes: RequestVolume,
  ) {}

  @Get('export')
  @ApiOperation({
    summary: "The platform's requests as CSV, streamed (beyond the spec)",
    description:
      `Same filters as the list, every matching row, newest first, read through a Postgres cursor. Columns: ${EXPORT_COLUMNS.join(', ')}. ` +
      'RFC 4180 quoting, CRLF lines, amounts as decimal strings; a field starting with =, +, -, @ is prefixed with a quote. ' +
      'A failure after the first byte aborts the connection (the file is then visibly incomplete). ' +
      'Read on a database pool of its own with statement and idle-in-transaction timeouts; concurrent exports are capped per platform and per server (429).',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV with a header line', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ description: 'An invalid filter, or `to` not after `from`' })
  @ApiTooManyRequestsResponse({
    description:
      'EXPORT_MAX_PER_PLATFORM exports of this platform (across replicas) or EXPORT_MAX_PER_REPLICA on this server are running; Retry-After says when to try again',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  })
  async exportCsv(
    @Query() query: RequestFilterQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { chunks, release } = await this.exporter.execute({ platformId: caller.platformId, query });
    // A client gone before the stream was read to its end (or started) frees the export's place.
    res.once('close', () => void release());
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Cache-Control', 'no-store');
    const file = new StreamableFile(Readable.from(chunks, { objectMode: false }), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="requests-${day}.csv"`,
    });
    // Never end a half-sent export cleanly: the client must see it was cut short.
    return file.setErrorHandler((error) => {
      this.logger.error(`CSV export failed: ${error.message}`);
      if (res.headersSent) res.destroy(error);
      else res.status(500).json({ statusCode: 500, message: 'Export failed', error: 'Internal Server Error' });
    });
  }

  @Get('volume')
  @ApiOperation({
    summary: 'Settled volume per day and currency (beyond the spec)',
    description: 'paid, overpaid and fee_short requests by paid_at (UTC days), summed in the database; at most 366 days.',
  })
  @ApiOkResponse({ type: VolumeDto })
  @ApiBadRequestResponse({ description: 'from or to missing or invalid, to not after from, or a range over 366 days' })
  volume(@Query() query: VolumeQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<VolumeDto> {
    return this.volumes.execute({ platformId: caller.platformId, query });
  }
}
