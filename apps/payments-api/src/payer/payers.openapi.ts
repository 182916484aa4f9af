import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { PayerPageDto } from './dto/payer-list.dto.js';
import { PaymentDetailsListResponse } from './dto/payment-details.dto.js';

export const ApiPayersController = () => ApiDocs(ApiTags('payer'));

export const ApiListPayers = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's payer compliance records, newest first (beyond the spec)",
      description:
        '`search` matches part of the clientUserId (the identity is stored encrypted and is neither listed nor searched); filters ' +
        '`kycStatus`, `agreementStatus`, `isCompliant`. Keyset pagination: pass `nextCursor` back as `cursor`.',
    }),
    ApiOkResponse({ type: PayerPageDto }),
    ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor' }),
  );

export const ApiListPayerPaymentDetails = () =>
  ApiDocs(
    ApiOperation({
      summary: "A payer's payment details by its userId, account numbers masked (beyond the spec: the dashboard's payers screen)",
      description: 'The same records as GET /v2/payer/{clientUserId}/payment-details, for an API key or a dashboard session.',
    }),
    ApiOkResponse({ type: PaymentDetailsListResponse }),
    ApiBadRequestResponse({ description: 'userId is not a UUID' }),
    ApiNotFoundResponse({ description: 'No payer of this platform has this userId' }),
  );
