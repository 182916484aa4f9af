import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';

export const ApiClientIdsController = () =>
  ApiDocs(
    ApiTags('client-ids'),
    ApiSecurity('x-api-key'),
    ApiAuthErrors(['api-key'], {
      forbidden: {
        description:
          "credentials not allowed for the operation; or (PUT) a status change on a Client ID the operator restricted (the operator's to lift)",
        message: 'An API key is required to manage Client IDs',
      },
    }),
  );
