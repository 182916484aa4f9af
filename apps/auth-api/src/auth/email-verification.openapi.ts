import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';

export const ApiEmailVerificationController = () => ApiDocs(ApiTags('auth'));

export const ApiVerifyEmail = () =>
  ApiDocs(
    ApiOperation({ summary: 'Verify an e-mail address with the single-use token its registration sent; e-mail login works afterwards' }),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['status'],
        properties: { status: { type: 'string', enum: ['verified'] } },
        example: { status: 'verified' },
      },
    }),
    ApiBadRequestResponse({ description: 'Not a token, or a token that is unknown, already used or expired (one answer for all)' }),
    ApiTooManyRequestsResponse({ description: 'Too many requests from this client IP; Retry-After says when to try again' }),
  );

export const ApiResendVerification = () =>
  ApiDocs(
    ApiOperation({
      summary:
        'Send a new verification token to an unverified account; the same answer whether the address is unknown, verified or unverified',
    }),
    ApiAcceptedResponse({
      schema: {
        type: 'object',
        required: ['status', 'email'],
        properties: { status: { type: 'string', enum: ['accepted'] }, email: { type: 'string', format: 'email' } },
        example: { status: 'accepted', email: 'ada@example.com' },
      },
    }),
    ApiBadRequestResponse({ description: 'Invalid e-mail' }),
    ApiTooManyRequestsResponse({
      description:
        'Too many sign-in requests from this client IP (IPv6: its /64), or too many resends for this address ' +
        '(counted for every address, known or not); Retry-After says when to try again',
    }),
  );
