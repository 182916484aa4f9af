import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, type ApiKeyCaller, Auth, CurrentCaller } from '@payrail/platform';
import { CompleteAgreementDto, PayerStatusView, RegisterPayerDto, RegisterPayerResponse } from './dto/register-payer.dto.js';
import { CompleteAgreement } from './use-cases/complete-agreement.use-case.js';
import { GetPayerStatus } from './use-cases/get-payer-status.use-case.js';
import { RegisterPayer } from './use-cases/register-payer.use-case.js';

@ApiTags('payer')
@ApiSecurity('x-api-key')
@Auth('api-key')
@Controller('v2/payer')
@ApiAuthErrors(['api-key'])
export class PayerController {
  constructor(
    private readonly register: RegisterPayer,
    private readonly status: GetPayerStatus,
    private readonly completeAgreement: CompleteAgreement,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Register a payer's identity (stored encrypted) and open hosted KYC and agreement sessions" })
  @ApiOkResponse({ type: RegisterPayerResponse })
  @ApiBadRequestResponse({ description: 'An identity field is invalid (named in `errors`)' })
  @ApiServiceUnavailableResponse({ description: 'No compliance provider is configured' })
  registerPayer(@Body() dto: RegisterPayerDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.register.execute({ platformId: caller.platformId, identity: dto });
  }

  @Get(':clientUserId')
  @ApiOperation({ summary: "The payer's compliance record (KYC and agreement status)" })
  @ApiOkResponse({ type: PayerStatusView })
  @ApiNotFoundResponse({
    schema: { example: { statusCode: 404, message: 'Payer with client user ID user-123 not found', error: 'Not Found' } },
  })
  getPayer(@Param('clientUserId') clientUserId: string, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.status.execute({ platformId: caller.platformId, clientUserId });
  }

  @Patch(':clientUserId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Report the agreement completed (`{agreementCompleted: true}`)' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['success'],
      properties: { success: { type: 'boolean', enum: [true] } },
      example: { success: true },
    },
  })
  @ApiNotFoundResponse()
  updatePayer(
    @Param('clientUserId') clientUserId: string,
    @Body() dto: CompleteAgreementDto,
    @CurrentCaller('api-key') caller: ApiKeyCaller,
  ) {
    return this.completeAgreement.execute({ platformId: caller.platformId, clientUserId, agreementCompleted: dto.agreementCompleted });
  }
}
