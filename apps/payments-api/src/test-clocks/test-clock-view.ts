import { type TestClock, TEST_CLOCK_LIFETIME_DAYS } from '@payrail/persistence';
import type { TestClockDto } from './dto/test-clock.dto.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function testClockView(clock: TestClock, recurringPaymentIds: string[]): TestClockDto {
  return {
    id: clock.id,
    name: clock.name,
    frozenTime: iso(clock.frozenTime),
    status: clock.status,
    targetTime: clock.targetTime === null ? null : iso(clock.targetTime),
    recurringPaymentIds,
    createdAt: clock.createdAt.toISOString(),
    deletesAfter: new Date(clock.createdAt.getTime() + TEST_CLOCK_LIFETIME_DAYS * 86_400_000).toISOString(),
  };
}

/** Unix seconds of a validated UTC ISO 8601 date-time (fractions dropped: the chain counts whole seconds). */
export const unixSeconds = (value: string): number => Math.floor(new Date(value).getTime() / 1000);
