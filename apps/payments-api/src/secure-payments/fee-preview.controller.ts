import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiSecurity } from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs, Auth, type Caller, CurrentCaller } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import type { FeePlanView } from '../payments/planning/fee-plan-view.js';
import { FeePreviewDto } from './dto/fee-preview.dto.js';
import { FeePlanDto } from './dto/page-shapes.dto.js';
import { ApiSecurePayments } from './secure-payments.openapi.js';
import { PreviewFees } from './use-cases/preview-fees.use-case.js';

const ApiPreviewFees = () =>
  ApiDocs(
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('x-orchestrator-key'),
    ApiSecurity('__Host-session_token'),
    ApiSecurity('bearer'),
    ApiOperation({
      operationId: 'SecurePaymentController_previewFees_v2',
      summary: 'Preview the fee plan for a payment',
      description:
        'Calculation only: the fee plan a secure payment created by the same credentials for this amount and currency would get ' +
        "(the Client ID's own fee or the platform's fee configuration, plus the orchestrator's with x-orchestrator-key). Nothing is stored. " +
        'With no fee the plan has an empty `fees` and zero totals (a created link then has `feePlan: null`). See docs/fee-plans.md.',
    }),
    ApiOkResponse({ type: FeePlanDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid; `errors` names it',
      ...errorExample(400, 'Validation failed: currency "XYZ" is not a known currency id (see GET /v2/currencies)', 'Bad Request'),
    }),
    ApiAuthErrors(['orchestrator-key-with-client-id', 'api-key', 'client-id', 'session'], { cookieWrites: true }),
  );

/** POST /v2/secure-payments/fees/preview. */
@ApiSecurePayments()
@Controller('v2/secure-payments/fees')
export class FeePreviewController {
  constructor(private readonly preview: PreviewFees) {}

  @Post('preview')
  @HttpCode(200)
  @Auth('orchestrator-key-with-client-id', 'api-key', 'client-id', 'session')
  @ApiPreviewFees()
  previewFees(@Body() body: FeePreviewDto, @CurrentCaller() caller: Caller): Promise<FeePlanView> {
    return this.preview.execute({ caller, body });
  }
}
