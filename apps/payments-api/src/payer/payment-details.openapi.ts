import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { CreatePaymentDetailsDto, CreatePaymentDetailsResponse, PaymentDetailsListResponse } from './dto/payment-details.dto.js';

const notFound = () =>
  ApiNotFoundResponse({
    schema: { example: { statusCode: 404, message: 'Payer with client user ID user-123 not found', error: 'Not Found' } },
  });

export const ApiPaymentDetailsController = () =>
  ApiDocs(
    ApiTags('payer'),
    ApiSecurity('x-api-key'),
    ApiAuthErrors(['api-key']),
    ApiParam({ name: 'clientUserId', description: "The payer's client user ID (URL-encoded)", example: 'user-123' }),
  );

export const ApiCreatePaymentDetails = () =>
  ApiDocs(
    ApiOperation({
      summary: "Register the payee's bank account for a payer (crypto-to-fiat)",
      description:
        'Stored encrypted and registered with the off-ramp provider; starts `pending`, and payment_detail.updated reports the ' +
        'decision. Unknown keys (`id`, `userId`, `createdAt`, `updatedAt`...) are ignored. docs/crypto-to-fiat.md.',
    }),
    ApiBody({ type: CreatePaymentDetailsDto }),
    ApiCreatedResponse({ type: CreatePaymentDetailsResponse }),
    ApiBadRequestResponse({ description: 'A field is invalid (named in `errors`)' }),
    notFound(),
    ApiServiceUnavailableResponse({ description: 'No off-ramp provider is configured' }),
  );

export const ApiListPaymentDetails = () =>
  ApiDocs(
    ApiOperation({ summary: "A payer's payment details with their status (account numbers masked)" }),
    ApiOkResponse({ type: PaymentDetailsListResponse }),
    ApiBadRequestResponse({ description: 'paymentDetailsId is not a UUID' }),
    notFound(),
  );
