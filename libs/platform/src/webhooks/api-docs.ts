import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

const errorSchema = (statusCode: number, message: string, error: string) => ({
  schema: {
    type: 'object',
    required: ['statusCode', 'message', 'error'],
    properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, error: { type: 'string' } },
    example: { statusCode, message, error },
  },
});

/** The error statuses every webhook route can answer (credential guard and rate limiter). */
export const ApiWebhookAuthErrors = (credential: 'x-client-id' | 'x-orchestrator-key') =>
  applyDecorators(
    ApiUnauthorizedResponse({
      description: `Missing, unknown or revoked ${credential}`,
      ...errorSchema(401, `Missing ${credential} header`, 'Unauthorized'),
    }),
    ...(credential === 'x-client-id'
      ? [
          ApiForbiddenResponse({
            description: 'Client ID inactive, restricted or revoked, or Origin not allowed for it',
            ...errorSchema(403, 'Client ID is inactive', 'Forbidden'),
          }),
        ]
      : []),
    ApiTooManyRequestsResponse({
      description: 'Rate limit exceeded (per credential and client IP); Retry-After says when to try again',
      ...errorSchema(429, 'Too many requests', 'Too Many Requests'),
    }),
  );

export const ApiWebhookBadRequest = (description: string, message: string) =>
  ApiBadRequestResponse({ description, ...errorSchema(400, message, 'Bad Request') });

export const ApiWebhookNotFound = (what = 'No such webhook for this caller') =>
  ApiNotFoundResponse({ description: what, ...errorSchema(404, 'Webhook not found', 'Not Found') });

export const ApiWebhookConflict = (description: string, message: string) =>
  ApiConflictResponse({ description, ...errorSchema(409, message, 'Conflict') });
