import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { BearerSessionView, SessionView } from './dto/account.dto.js';
import { WalletChallengeResponse } from './dto/wallet.dto.js';

/** Challenge, register and login share one low per-IP limit (RateLimitClassOf('sign-in')); verify has the 'ip' class. */
const SIGN_IN_LIMIT = {
  description: 'Too many sign-in requests from this client IP (IPv6: its /64); Retry-After says when to try again',
};
const SIGNED_IN = {
  description:
    'The session is in the `__Host-session_token` cookie (httpOnly, Secure, SameSite=Lax, Path=/); the body never carries ' +
    'the token, unless `?bearer=true` asked for it (then `sessionToken` is in the body and no cookie is set). A session ' +
    'cookie the request carried is revoked (sign-in rotates the session).',
  schema: { oneOf: [{ $ref: getSchemaPath(SessionView) }, { $ref: getSchemaPath(BearerSessionView) }] },
};

export const ApiAuthController = () => ApiDocs(ApiTags('auth'), ApiExtraModels(SessionView, BearerSessionView));

export const ApiWalletChallenge = () =>
  ApiDocs(
    ApiOperation({ summary: 'Request a sign-in challenge (EIP-4361 message) for an EVM or Tron address; valid 5 minutes, single use' }),
    ApiCreatedResponse({ type: WalletChallengeResponse }),
    ApiBadRequestResponse({ description: 'Not an EVM or Tron address' }),
    ApiTooManyRequestsResponse(SIGN_IN_LIMIT),
  );

export const ApiWalletVerify = () =>
  ApiDocs(
    ApiOperation({ summary: 'Verify the signed challenge; starts a wallet session (15 minutes idle, 12 hours at most)' }),
    ApiOkResponse(SIGNED_IN),
    ApiBadRequestResponse({ description: 'Invalid body, or `bearer` not true/false' }),
    ApiUnauthorizedResponse({ description: 'Unknown, expired or used challenge, or a signature that does not match (one answer for all)' }),
    ApiTooManyRequestsResponse({ description: 'Too many requests from this client IP; Retry-After says when to try again' }),
  );

export const ApiRegisterAccount = () =>
  ApiDocs(
    ApiOperation({
      summary:
        'Create an e-mail/password account, unverified: a single-use verification token is e-mailed (same answer whether or not the e-mail exists)',
    }),
    ApiCreatedResponse({
      schema: {
        type: 'object',
        required: ['status', 'email'],
        properties: { status: { type: 'string', enum: ['registered'] }, email: { type: 'string', format: 'email' } },
        example: { status: 'registered', email: 'ada@example.com' },
      },
    }),
    ApiBadRequestResponse({ description: 'Invalid e-mail, or password not 8-100 characters' }),
    ApiTooManyRequestsResponse(SIGN_IN_LIMIT),
  );

export const ApiLoginAccount = () =>
  ApiDocs(
    ApiOperation({ summary: 'Sign in with e-mail and password; starts a 30-day session' }),
    ApiOkResponse(SIGNED_IN),
    ApiBadRequestResponse({ description: 'Invalid e-mail or password format, or `bearer` not true/false' }),
    ApiUnauthorizedResponse({ description: 'Invalid e-mail or password (one answer for both)' }),
    ApiForbiddenResponse({ description: 'Right password, but the e-mail address is not verified yet (POST /v1/auth/verify-email)' }),
    ApiTooManyRequestsResponse({
      description:
        'Too many sign-in requests from this client IP, or this account and client IP must wait (back-off after failed attempts); ' +
        'Retry-After says how long',
    }),
  );

export const ApiLogout = () =>
  ApiDocs(
    ApiOperation({ summary: 'Delete the session server-side (every replica) and clear the cookie' }),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['success'],
        properties: { success: { type: 'boolean', enum: [true] } },
        example: { success: true },
      },
    }),
  );

export const ApiLogoutAll = () =>
  ApiDocs(
    ApiCookieAuth('__Host-session_token'),
    ApiOperation({
      summary: 'Log out everywhere: delete every session of the signed-in user (all devices, wallet and e-mail) and clear the cookie',
    }),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['success', 'revoked'],
        properties: {
          success: { type: 'boolean', enum: [true] },
          revoked: { type: 'integer', minimum: 0, description: 'How many sessions were deleted' },
        },
        example: { success: true, revoked: 3 },
      },
    }),
    ApiAuthErrors(['session'], { cookieWrites: true }),
  );

export const ApiCurrentSession = () =>
  ApiDocs(
    ApiCookieAuth('__Host-session_token'),
    ApiOperation({ summary: 'The current session and user (beyond the spec: the dashboard needs it)' }),
    ApiOkResponse({ type: SessionView }),
    ApiAuthErrors(['session']),
  );
