import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { ApiAuthErrors, type ApiAuthErrorsOptions } from './api-errors.js';
import { Auth } from './route-auth.js';

/**
 * A platform resource (the dashboard's lists and actions) taken by the platform's own secrets:
 * x-api-key from its server, or a session of its account (Authorization: Bearer or the session
 * cookie; cookie-borne changes only from a DASHBOARD_ORIGINS origin). Declares the mode, its
 * OpenAPI security alternatives and the guard's error answers.
 */
export const PlatformAuth = (options: ApiAuthErrorsOptions = {}) =>
  applyDecorators(
    Auth('api-key', 'session'),
    ApiSecurity('x-api-key'),
    ApiSecurity('__Host-session_token'),
    ApiSecurity('bearer'),
    ApiAuthErrors(['api-key', 'session'], options),
  );
