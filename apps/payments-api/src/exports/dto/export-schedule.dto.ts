import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NETWORK_NAMES } from '@payrail/chains';
import { REQUEST_STATUSES } from '@payrail/domain';
import { PAYMENT_EXPORT_COLUMNS } from '@payrail/reconciliation';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsIn, IsOptional, Matches, ValidateIf } from 'class-validator';

/** POST /v2/exports/schedules: a daily or monthly export of the payments of the period before. */
export class CreateExportScheduleDto {
  @ApiProperty({ enum: ['daily', 'monthly'], description: 'daily: the previous UTC day; monthly: the previous calendar month (UTC)' })
  @IsIn(['daily', 'monthly'])
  frequency!: 'daily' | 'monthly';

  @ApiPropertyOptional({ enum: ['csv', 'json'], default: 'csv' }) @IsOptional() @IsIn(['csv', 'json']) format?: 'csv' | 'json';

  @ApiProperty({ enum: ['s3', 'email'], description: "s3: the operator's S3-compatible bucket; email: mailed as an attachment" })
  @IsIn(['s3', 'email'])
  destination!: 's3' | 'email';

  @ApiPropertyOptional({ description: 'The address the export is mailed to (destination email only)' })
  @ValidateIf((dto: CreateExportScheduleDto) => dto.destination === 'email' || dto.email !== undefined)
  @IsEmail({}, { message: 'email must be an e-mail address (required for destination email)' })
  email?: string;

  @ApiPropertyOptional({ enum: PAYMENT_EXPORT_COLUMNS, isArray: true, description: 'The columns, in order (default: all)' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(PAYMENT_EXPORT_COLUMNS.length)
  @IsIn(PAYMENT_EXPORT_COLUMNS, { each: true })
  columns?: string[];

  @ApiPropertyOptional({ enum: REQUEST_STATUSES }) @IsOptional() @IsIn(REQUEST_STATUSES) status?: string;

  @ApiPropertyOptional({ enum: NETWORK_NAMES }) @IsOptional() @IsIn(NETWORK_NAMES) network?: string;

  @ApiPropertyOptional({ description: 'Only the requests of this Client ID' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'clientId must be a Client ID' })
  clientId?: string;
}

export class ExportDeliveryDto {
  @ApiProperty({ format: 'date-time' }) periodFrom!: string;
  @ApiProperty({ format: 'date-time' }) periodTo!: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: Number, nullable: true }) rows!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 's3://bucket/key, or mailto:address' }) location!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) deliveredAt!: string | null;
}

export class ExportScheduleDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['daily', 'monthly'] }) frequency!: string;
  @ApiProperty({ enum: ['csv', 'json'] }) format!: string;
  @ApiProperty({ enum: ['s3', 'email'] }) destination!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: [String], nullable: true }) columns!: string[] | null;
  @ApiProperty({ type: String, nullable: true }) status!: string | null;
  @ApiProperty({ type: String, nullable: true }) network!: string | null;
  @ApiProperty({ type: String, nullable: true }) clientId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: ExportDeliveryDto, nullable: true, description: 'The latest period delivered or tried' })
  lastDelivery!: ExportDeliveryDto | null;
}

export class ExportScheduleListDto {
  @ApiProperty({ type: [ExportScheduleDto] }) schedules!: ExportScheduleDto[];
}
