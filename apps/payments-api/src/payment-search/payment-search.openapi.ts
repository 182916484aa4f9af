import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { PaymentSearchDto } from './dto/payment-search.dto.js';

const VALIDATION_EXAMPLE = {
  statusCode: 400,
  message: 'Validation failed: toDate must be after or equal to fromDate',
  error: 'Bad Request',
  errors: [{ field: 'toDate', message: 'toDate must be after or equal to fromDate' }],
};

export const ApiPaymentSearchController = () => ApiDocs(ApiTags('V2/Payments'));

export const ApiSearchPayments = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PaymentV2Controller_searchPayments_v2',
      summary: 'Search payments with advanced filtering',
      description:
        "The platform's settled payments (each transfer detected on chain, confirmed, that counts toward one of its requests), newest first. " +
        'At least one of txHash, walletAddress, paymentReference, requestId, reference, type, invoiceCurrency, paymentCurrency is required; ' +
        'parameters combine with AND. Paging: limit/offset while offset + limit <= 10000, or pagination.nextCursor passed back as cursor ' +
        '(keyset: stable while payments arrive, any depth). A Client ID is refused (403): it is public, and this reads every payment with its customer.',
    }),
    ApiOkResponse({ type: PaymentSearchDto }),
    ApiBadRequestResponse({
      description:
        'No search parameter, a malformed one, toDate before fromDate, an unknown currency, offset beyond the window, or a bad cursor',
      schema: { type: 'object', example: VALIDATION_EXAMPLE },
    }),
  );
