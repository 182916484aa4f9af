import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';

export const ApiClientIdsController = () =>
  ApiDocs(
    ApiTags('client-ids'),
    ApiCookieAuth('session_token'),
    ApiAuthErrors(['session'], {
      cookieWrites: true,
      forbidden: {
        description:
          "a session that is not a wallet session; or (PUT) a status change on a Client ID the operator restricted (the operator's to lift)",
        message: 'A wallet session is required to manage Client IDs',
      },
    }),
  );
