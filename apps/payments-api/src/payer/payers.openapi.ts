import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { PayerPageDto } from './dto/payer-list.dto.js';

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
