import { Injectable } from '@nestjs/common';
import { newUlid, PayrailError } from '@payrail/domain';
import { ExportSchedulesRepository, type ExportDeliveryRow, type ExportScheduleRow } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { CreateExportScheduleDto, ExportScheduleDto } from '../dto/export-schedule.dto.js';

/** At most this many schedules per platform. */
export const MAX_EXPORT_SCHEDULES = 20;

function view(s: ExportScheduleRow, d: ExportDeliveryRow | undefined): ExportScheduleDto {
  return {
    id: s.id,
    frequency: s.frequency,
    format: s.format,
    destination: s.destination,
    email: s.email,
    columns: s.columns,
    status: s.filter.status ?? null,
    network: s.filter.network ?? null,
    clientId: s.filter.clientId ?? null,
    createdAt: s.created_at.toISOString(),
    lastDelivery: d
      ? {
          periodFrom: d.period_from.toISOString(),
          periodTo: d.period_to.toISOString(),
          status: d.status,
          attempts: d.attempts,
          rows: d.row_count,
          location: d.location,
          lastError: d.last_error,
          deliveredAt: d.delivered_at?.toISOString() ?? null,
        }
      : null,
  };
}

/** A platform's scheduled exports: create, list (with each one's latest delivery), delete. */
@Injectable()
export class ExportSchedules {
  constructor(private readonly db: DataSource) {}

  async create({ platformId, dto }: { platformId: string; dto: CreateExportScheduleDto }): Promise<ExportScheduleDto> {
    if (dto.destination === 's3' && dto.email !== undefined)
      throw new PayrailError('VALIDATION_FAILED', 'Validation failed: email is only for destination email', {
        fields: [{ field: 'email', message: 'email is only for destination email' }],
      });
    return this.db.transaction(async (m) => {
      const repo = new ExportSchedulesRepository(m);
      if ((await repo.list(platformId)).length >= MAX_EXPORT_SCHEDULES)
        throw new PayrailError('CONFLICT', `A platform has at most ${MAX_EXPORT_SCHEDULES} export schedules`);
      const filter = { status: dto.status, network: dto.network, clientId: dto.clientId };
      const row = await repo.create({
        id: newUlid(),
        platform_id: platformId,
        frequency: dto.frequency,
        format: dto.format ?? 'csv',
        destination: dto.destination,
        email: dto.destination === 'email' ? dto.email! : null,
        columns: dto.columns ?? null,
        filter: JSON.parse(JSON.stringify(filter)) as typeof filter, // undefined filters left out
      });
      return view(row, undefined);
    });
  }

  async list({ platformId }: { platformId: string }): Promise<ExportScheduleDto[]> {
    const repo = new ExportSchedulesRepository(this.db.manager);
    const schedules = await repo.list(platformId);
    const latest = new Map((await repo.latestDeliveries(schedules.map((s) => s.id))).map((d) => [d.schedule_id, d]));
    return schedules.map((s) => view(s, latest.get(s.id)));
  }

  async delete({ platformId, id }: { platformId: string; id: string }): Promise<void> {
    if (!(await new ExportSchedulesRepository(this.db.manager).delete(platformId, id)))
      throw new PayrailError('NOT_FOUND', 'Export schedule not found');
  }
}
