import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { PayerStatusView, RegisterPayerResponse } from './dto/register-payer.dto.js';

export const ApiPayerController = () => ApiDocs(ApiTags('payer'), ApiSecurity('x-api-key'), ApiAuthErrors(['api-key']));

export const ApiRegisterPayer = () =>
  ApiDocs(
    ApiOperation({ summary: "Register a payer's identity (stored encrypted) and open hosted KYC and agreement sessions" }),
    ApiOkResponse({ type: RegisterPayerResponse }),
    ApiBadRequestResponse({ description: 'An identity field is invalid (named in `errors`)' }),
    ApiServiceUnavailableResponse({ description: 'No compliance provider is configured' }),
  );

export const ApiGetPayer = () =>
  ApiDocs(
    ApiOperation({ summary: "The payer's compliance record (KYC and agreement status)" }),
    ApiOkResponse({ type: PayerStatusView }),
    ApiNotFoundResponse({
      schema: { example: { statusCode: 404, message: 'Payer with client user ID user-123 not found', error: 'Not Found' } },
    }),
  );

export const ApiUpdatePayer = () =>
  ApiDocs(
    ApiOperation({ summary: 'Report the agreement completed (`{agreementCompleted: true}`)' }),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['success'],
        properties: { success: { type: 'boolean', enum: [true] } },
        example: { success: true },
      },
    }),
    ApiNotFoundResponse(),
  );
