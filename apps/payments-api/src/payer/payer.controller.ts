import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type ApiKeyCaller, Auth, CurrentCaller } from '@payrail/platform';
import { CompleteAgreementDto, RegisterPayerDto } from './dto/register-payer.dto.js';
import { CompleteAgreement } from './use-cases/complete-agreement.use-case.js';
import { GetPayerStatus } from './use-cases/get-payer-status.use-case.js';
import { RegisterPayer } from './use-cases/register-payer.use-case.js';
import { ApiPayerController, ApiRegisterPayer, ApiGetPayer, ApiUpdatePayer } from './payer.openapi.js';

@ApiPayerController()
@Auth('api-key')
@Controller('v2/payer')
export class PayerController {
  constructor(
    private readonly register: RegisterPayer,
    private readonly status: GetPayerStatus,
    private readonly completeAgreement: CompleteAgreement,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiRegisterPayer()
  registerPayer(@Body() dto: RegisterPayerDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.register.execute({ platformId: caller.platformId, identity: dto });
  }

  @Get(':clientUserId')
  @ApiGetPayer()
  getPayer(@Param('clientUserId') clientUserId: string, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.status.execute({ platformId: caller.platformId, clientUserId });
  }

  @Patch(':clientUserId')
  @HttpCode(200)
  @ApiUpdatePayer()
  updatePayer(
    @Param('clientUserId') clientUserId: string,
    @Body() dto: CompleteAgreementDto,
    @CurrentCaller('api-key') caller: ApiKeyCaller,
  ) {
    return this.completeAgreement.execute({ platformId: caller.platformId, clientUserId, agreementCompleted: dto.agreementCompleted });
  }
}
