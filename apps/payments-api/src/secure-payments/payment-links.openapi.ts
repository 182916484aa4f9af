import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { PaymentLinkPageDto } from './dto/payment-link-list.dto.js';

export const ApiPaymentLinksController = () => ApiDocs(ApiTags('Secure payments'));

export const ApiListPaymentLinks = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's payment links, newest first (beyond the spec)",
      description:
        'Single secure payments and multicall payouts (with their children in position order; children are not listed on their own), ' +
        'whichever Client ID, API key or session created them. Filters `status` (as a reader sees it: an open payment past its expiry is ' +
        '`expired`) and `type`; keyset pagination: pass `nextCursor` back as `cursor`.',
    }),
    ApiOkResponse({ type: PaymentLinkPageDto }),
    ApiBadRequestResponse({ description: 'An unknown status or type, or an invalid limit or cursor' }),
  );
