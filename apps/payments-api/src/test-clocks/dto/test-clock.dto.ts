import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
const FROZEN_TIME_MESSAGE = 'frozenTime must be a UTC ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z';

/** Body of POST /v2/test-clocks. */
export class CreateTestClockDto {
  @ApiProperty({ example: '2027-01-01T00:00:00Z', description: "The clock's starting time (UTC ISO 8601; whole seconds count)" })
  @Matches(UTC_ISO, { message: FROZEN_TIME_MESSAGE })
  frozenTime!: string;

  @ApiPropertyOptional({ example: 'Annual plan walkthrough', maxLength: 100 })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  name?: string;
}

/** Body of POST /v2/test-clocks/{id}/advance. */
export class AdvanceTestClockDto {
  @ApiProperty({
    example: '2027-03-02T00:00:00Z',
    description: "The new time: after the clock's current time, at most two periods of its shortest attached schedule ahead",
  })
  @Matches(UTC_ISO, { message: FROZEN_TIME_MESSAGE })
  frozenTime!: string;

  @ApiPropertyOptional({ default: false, description: 'List the events the advance would send, without advancing' })
  @IsOptional()
  @IsBoolean()
  dryRun?: boolean;
}

export class TestClockDto {
  @ApiProperty({ example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P1' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ example: '2027-01-01T00:00:00.000Z', description: "The clock's time (during an advance: the last point reached)" })
  frozenTime!: string;
  @ApiProperty({ enum: ['ready', 'advancing'], description: '`advancing` from the 202 of an advance until `test_clock.ready`' })
  status!: 'ready' | 'advancing';
  @ApiProperty({ type: String, nullable: true, description: 'The time the running advance goes to' }) targetTime!: string | null;
  @ApiProperty({ type: [String], description: 'Recurring payments attached at creation (recurrence.testClockId)' })
  recurringPaymentIds!: string[];
  @ApiProperty() createdAt!: string;
  @ApiProperty({ description: 'The clock is deleted then (7 days after creation), its open schedules cancelled' }) deletesAfter!: string;
}

export class PlannedEventDto {
  @ApiProperty({ enum: ['payment.confirmed', 'test_clock.ready'] }) type!: string;
  @ApiProperty({ description: 'Clock time at which it would be sent' }) at!: string;
  @ApiProperty({ type: String, nullable: true }) recurringPaymentId!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The period (1-based)' }) index!: number | null;
}

export class TestClockDryRunDto {
  @ApiProperty({ enum: [true] }) dryRun!: true;
  @ApiProperty() testClockId!: string;
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ type: [PlannedEventDto], description: "In the order they would be sent; each period's payment assumed to succeed" })
  events!: PlannedEventDto[];
}

export class DeletedTestClockDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: [true] }) deleted!: true;
  @ApiProperty({ type: [String], description: 'Attached schedules that were still open, now cancelled' })
  cancelledRecurringPaymentIds!: string[];
}
