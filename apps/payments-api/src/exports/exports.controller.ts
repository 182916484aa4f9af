import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import type { Response } from 'express';
import { PaymentExportQueryDto } from './dto/payment-export.query.js';
import { CreateExportScheduleDto, type ExportScheduleDto, type ExportScheduleListDto } from './dto/export-schedule.dto.js';
import {
  ApiCreateExportSchedule,
  ApiDeleteExportSchedule,
  ApiExportPayments,
  ApiExportsController,
  ApiListExportSchedules,
} from './exports.openapi.js';
import { ExportSchedules } from './use-cases/export-schedules.use-case.js';
import { ExportPayments } from './use-cases/export-payments.use-case.js';

/** /v2/exports: the platform's accounting exports (issue #36 item 4). */
@ApiExportsController()
@PlatformAuth()
@Controller('v2/exports')
export class ExportsController {
  private readonly logger = new Logger(ExportsController.name);

  constructor(
    private readonly payments: ExportPayments,
    private readonly schedules: ExportSchedules,
  ) {}

  @Post('schedules')
  @HttpCode(201)
  @ApiCreateExportSchedule()
  createSchedule(
    @Body() dto: CreateExportScheduleDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<ExportScheduleDto> {
    return this.schedules.create({ platformId: caller.platformId, dto });
  }

  @Get('schedules')
  @ApiListExportSchedules()
  async listSchedules(@CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<ExportScheduleListDto> {
    return { schedules: await this.schedules.list({ platformId: caller.platformId }) };
  }

  @Delete('schedules/:id')
  @HttpCode(204)
  @ApiDeleteExportSchedule()
  deleteSchedule(@Param('id') id: string, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<void> {
    return this.schedules.delete({ platformId: caller.platformId, id });
  }

  @Get('payments')
  @ApiExportPayments()
  async exportPayments(
    @Query() query: PaymentExportQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { chunks, release } = await this.payments.execute({ platformId: caller.platformId, query });
    // A client gone before the stream was read to its end (or started) frees the export's place.
    res.once('close', () => void release());
    const json = query.format === 'json';
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Cache-Control', 'no-store');
    const file = new StreamableFile(Readable.from(chunks, { objectMode: false }), {
      type: json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      disposition: `attachment; filename="payments-${day}.${json ? 'json' : 'csv'}"`,
    });
    // Never end a half-sent export cleanly: the client must see it was cut short.
    return file.setErrorHandler((error) => {
      this.logger.error(`payments export failed: ${error.message}`);
      if (res.headersSent) res.destroy(error);
      else res.status(500).json({ statusCode: 500, message: 'Export failed', error: 'Internal Server Error' });
    });
  }
}
