import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, type Caller, CurrentCaller } from '@payrail/platform';
import { RequestIdParam } from './dto/request-id.param.js';
import { RequestStatusDto } from './dto/request-status.dto.js';
import type { RequestView } from './request.view.js';
import { GetRequest } from './use-cases/get-request.use-case.js';
import { errorExample } from '../payments/dto/error-example.js';

@ApiTags('Request')
@ApiSecurity('x-api-key')
@ApiSecurity('x-client-id')
@Auth('api-key-or-client-id')
@Controller('v2/request')
export class RequestController {
  constructor(private readonly getRequest: GetRequest) {}

  @Get(':requestId')
  @ApiOperation({
    operationId: 'RequestControllerV2_getRequestStatus_v2',
    summary: "A request's status",
    description:
      'Status (pending, partial, paid, overpaid), expected amount, amount paid, txHash and paymentReference. Owner only: an API key reads ' +
      'its platform’s requests, a Client ID the ones created with it. With a Client ID (public) customerInfo is null and, when a secure ' +
      'payment over the request hides its payee, payee and feeAddress are masked.',
  })
  @ApiOkResponse({ type: RequestStatusDto })
  @ApiBadRequestResponse({
    description: 'Malformed requestId',
    ...errorExample(400, 'Validation failed: requestId must be 01 followed by 64 lowercase hex digits', 'Bad Request'),
  })
  @ApiAuthErrors('api-key-or-client-id')
  @ApiNotFoundResponse({ description: 'No such request for this caller', ...errorExample(404, 'Request not found', 'Not Found') })
  getRequestStatus(@Param() params: RequestIdParam, @CurrentCaller() caller: Caller): Promise<RequestView> {
    return this.getRequest.execute({ caller, requestId: params.requestId });
  }
}
