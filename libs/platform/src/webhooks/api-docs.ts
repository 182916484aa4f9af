import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ApiAuthErrors, apiErrorSchema as errorSchema } from '../http/api-errors.js';

/** The error statuses every webhook route can answer (credential guard and rate limiter). */
export const ApiWebhookAuthErrors = (credential: 'x-client-id' | 'x-orchestrator-key') =>
  ApiAuthErrors(credential === 'x-client-id' ? 'client-id' : 'orchestrator-key');

export const ApiWebhookBadRequest = (description: string, message: string) =>
  ApiBadRequestResponse({ description, ...errorSchema(400, message, 'Bad Request') });

export const ApiWebhookNotFound = (what = 'No such webhook for this caller') =>
  ApiNotFoundResponse({ description: what, ...errorSchema(404, 'Webhook not found', 'Not Found') });

export const ApiWebhookConflict = (description: string, message: string) =>
  ApiConflictResponse({ description, ...errorSchema(409, message, 'Conflict') });
