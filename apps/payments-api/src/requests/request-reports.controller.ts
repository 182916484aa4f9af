import { Readable } from 'node:stream';
import { Controller, Get, Logger, Query, Res, StreamableFile } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import type { Response } from 'express';
import { RequestFilterQueryDto } from './dto/request-filter.query.js';
import { VolumeDto, VolumeQueryDto } from './dto/volume.dto.js';
import { ExportRequests } from './use-cases/export-requests.use-case.js';
import { RequestVolume } from './use-cases/request-volume.use-case.js';
import { ApiRequestReportsController, ApiExportRequestsCsv, ApiRequestVolume } from './request-reports.openapi.js';

/** The platform's request reports (beyond the spec): the CSV export and the volume overview. */
@ApiRequestReportsController()
@PlatformAuth()
@Controller('v2/requests')
export class RequestReportsController {
  private readonly logger = new Logger(RequestReportsController.name);

  constructor(
    private readonly exporter: ExportRequests,
    private readonly volumes: RequestVolume,
  ) {}

  @Get('export')
  @ApiExportRequestsCsv()
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
  @ApiRequestVolume()
  volume(@Query() query: VolumeQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<VolumeDto> {
    return this.volumes.execute({ platformId: caller.platformId, query });
  }
}
