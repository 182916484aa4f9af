import { Injectable } from '@nestjs/common';
import { formatAmount, PayrailError } from '@payrail/domain';
import { RequestListingRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { VolumeDto, VolumeQueryDto } from '../dto/volume.dto.js';

export const MAX_VOLUME_RANGE_DAYS = 366;

const invalid = (message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field: 'to', message }] });

/**
 * Settled volume (paid, overpaid and fee_short requests, by paid_at) per UTC day and payment
 * currency, summed in Postgres; the totals add up those bounded rows (at most 366 days x currencies).
 */
@Injectable()
export class RequestVolume {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: VolumeQueryDto }): Promise<VolumeDto> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (from.getTime() >= to.getTime()) throw invalid('from must be before to');
    if (to.getTime() - from.getTime() > MAX_VOLUME_RANGE_DAYS * 86_400_000)
      throw invalid(`the range from-to must not exceed ${MAX_VOLUME_RANGE_DAYS} days`);
    const rows = await new RequestListingRepository(this.db).volume(platformId, from, to);
    const totals = new Map<string, { count: number; units: bigint; decimals: number }>();
    for (const row of rows) {
      const total = totals.get(row.currency) ?? { count: 0, units: 0n, decimals: row.decimals };
      totals.set(row.currency, { count: total.count + row.count, units: total.units + BigInt(row.amount), decimals: row.decimals });
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      days: rows.map((r) => ({ day: r.day, currency: r.currency, count: r.count, amount: formatAmount(BigInt(r.amount), r.decimals) })),
      totals: [...totals].map(([currency, t]) => ({ currency, count: t.count, amount: formatAmount(t.units, t.decimals) })),
    };
  }
}
