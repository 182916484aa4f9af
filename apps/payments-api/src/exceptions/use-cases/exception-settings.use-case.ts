import { Injectable } from '@nestjs/common';
import { PaymentExceptionsRepository, DEFAULT_EXCEPTION_SETTINGS, type ExceptionSettings } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { invalidField } from '../../payments/planning/invalid.js';
import type { ExceptionSettingsDto, ExceptionSettingsResponseDto } from '../dto/exception-settings.dto.js';

/** "0.5" percent as basis points (50). */
const bpsOf = (percent: string): number => {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const percentOf = (bps: number): string => {
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(bps / 100)}${fraction ? `.${fraction}` : ''}`;
};

const viewOf = (s: ExceptionSettings): ExceptionSettingsResponseDto => ({
  underpaidTolerancePercent: s.tolerance.bps === null ? null : percentOf(s.tolerance.bps),
  underpaidToleranceAmount: s.tolerance.amount,
  lateWindowSeconds: s.lateWindowSeconds,
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

/**
 * GET / PUT /v2/exception-settings: the platform's underpaid tolerance (a percentage of the
 * expected amount, or an amount in each request's invoice currency; default none) and late window
 * (default 0). Settlement reads them when it settles a payment, so a change applies to payments
 * settled afterwards.
 */
@Injectable()
export class ExceptionSettingsUseCase {
  constructor(private readonly db: DataSource) {}

  async get(platformId: string): Promise<ExceptionSettingsResponseDto> {
    const found = await new PaymentExceptionsRepository(this.db.manager).settingsOf([platformId]);
    return viewOf(found.get(platformId) ?? DEFAULT_EXCEPTION_SETTINGS);
  }

  async put(platformId: string, body: ExceptionSettingsDto): Promise<ExceptionSettingsResponseDto> {
    const percent = body.underpaidTolerancePercent ?? null;
    const amount = body.underpaidToleranceAmount ?? null;
    if (percent !== null && amount !== null)
      throw invalidField('underpaidToleranceAmount', 'Set underpaidTolerancePercent or underpaidToleranceAmount, not both');
    const repo = new PaymentExceptionsRepository(this.db.manager);
    await repo.putSettings(platformId, {
      tolerance: { bps: percent === null ? null : bpsOf(percent), amount },
      lateWindowSeconds: body.lateWindowSeconds ?? 0,
    });
    return this.get(platformId);
  }
}
