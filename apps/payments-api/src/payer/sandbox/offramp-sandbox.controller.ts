import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { nextOfframpStep, OFFRAMP_SUB_STATUSES, PayrailError } from '@payrail/domain';
import { OfframpsRepository, PaymentDetailsRepository } from '@payrail/persistence';
import { ApiAuthErrors, ApiDocs, type ApiKeyCaller, Auth, CurrentCaller } from '@payrail/platform';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { ApplyOfframpUpdate } from '../use-cases/apply-offramp-update.use-case.js';

class DecisionDto {
  @IsIn(['approved', 'failed'], { message: 'outcome must be one of approved, failed' }) outcome!: 'approved' | 'failed';
}

class AdvanceDto {
  @IsOptional()
  @IsIn(OFFRAMP_SUB_STATUSES, { message: `subStatus must be one of ${OFFRAMP_SUB_STATUSES.join(', ')}` })
  subStatus?: (typeof OFFRAMP_SUB_STATUSES)[number];
}

class DetailsParam {
  @IsUUID('all', { message: 'paymentDetailsId must be a UUID' }) paymentDetailsId!: string;
}

/**
 * The sandbox off-ramp provider's control routes (only mounted with OFFRAMP_PROVIDER=sandbox,
 * never in production), the way a real provider's dashboard or test helpers decide things: with
 * the platform's API key, on its own payment details and requests only. Each call reports the
 * decision as the provider's webhook would (ApplyOfframpUpdate), so Payrail's events follow.
 * Nothing moves on a timer: tests and people drive every step.
 */
@ApiDocs(ApiTags('sandbox'), ApiSecurity('x-api-key'), ApiAuthErrors(['api-key']))
@Auth('api-key')
@Controller('sandbox/offramp')
export class OfframpSandboxController {
  constructor(
    private readonly db: DataSource,
    private readonly apply: ApplyOfframpUpdate,
  ) {}

  /** Approves or fails payment details (pending until then): payment_detail.updated. */
  @Post('payment-details/:paymentDetailsId/decision')
  @HttpCode(200)
  @ApiDocs(
    ApiOperation({
      summary: 'Sandbox off-ramp (OFFRAMP_PROVIDER=sandbox only): approve or fail payment details',
      description: 'Reported as the provider’s webhook would: payment_detail.updated. docs/crypto-to-fiat.md.',
    }),
    ApiOkResponse({
      schema: {
        type: 'object',
        properties: { changed: { type: 'boolean' }, status: { type: 'string', enum: ['approved', 'failed'] } },
        example: { changed: true, status: 'approved' },
      },
    }),
    ApiBadRequestResponse(),
    ApiNotFoundResponse(),
  )
  async decide(@Param() params: DetailsParam, @Body() dto: DecisionDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    const details = await new PaymentDetailsRepository(this.db.manager).byId(caller.platformId, params.paymentDetailsId);
    if (!details) throw new PayrailError('NOT_FOUND', 'Payment details not found');
    const rawPayload = { provider: 'sandbox', type: 'payment_detail_update', providerRef: details.providerRef, status: dto.outcome };
    return this.apply.execute({ kind: 'payment_detail', providerRef: details.providerRef, status: dto.outcome, rawPayload });
  }

  /**
   * Moves the request's off-ramp to `subStatus`, or to its next step (initiated,
   * pending_internal_assessment, ongoing_checks, sending_fiat, fiat_sent): payment.processing, and
   * after fiat_sent payment.confirmed. 409 before the deposit has settled or after the off-ramp ended.
   */
  @Post('requests/:requestId/advance')
  @HttpCode(200)
  @ApiDocs(
    ApiOperation({
      summary: 'Sandbox off-ramp (OFFRAMP_PROVIDER=sandbox only): move a request’s off-ramp to its next sub-status (or `subStatus`)',
      description:
        'Reported as the provider’s webhook would: payment.processing, then payment.confirmed after fiat_sent. docs/crypto-to-fiat.md.',
    }),
    ApiOkResponse({
      schema: {
        type: 'object',
        properties: {
          offrampId: { type: 'string' },
          changed: { type: 'boolean' },
          status: { type: 'string', enum: [...OFFRAMP_SUB_STATUSES] },
        },
        example: { offrampId: 'offramp_0123456789abcdef01234567', changed: true, status: 'initiated' },
      },
    }),
    ApiBadRequestResponse(),
    ApiNotFoundResponse(),
    ApiConflictResponse({ description: 'The deposit has not settled yet, or the off-ramp has ended' }),
  )
  async advance(@Param('requestId') requestId: string, @Body() dto: AdvanceDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    const offramp = await new OfframpsRepository(this.db.manager).byRequest(caller.platformId, requestId);
    if (!offramp) throw new PayrailError('NOT_FOUND', 'No off-ramp was opened for this request');
    const subStatus = dto.subStatus ?? nextOfframpStep(offramp.subStatus);
    if (!subStatus) throw new PayrailError('CONFLICT', `Off-ramp ${offramp.offrampId} has ended (${offramp.subStatus})`);
    const rawPayload = { provider: 'sandbox', type: 'offramp_update', offrampId: offramp.offrampId, status: subStatus };
    const result = await this.apply.execute({ kind: 'offramp', offrampId: offramp.offrampId, subStatus, rawPayload });
    return { offrampId: offramp.offrampId, ...result };
  }
}
