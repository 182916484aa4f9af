import {
  CLIENT_ID_STATUSES,
  normalizeOrigin,
  PayrailError,
  RATE_TIERS,
  type ClientIdStatus,
  type FieldError,
  type RateTier,
} from '@payrail/domain';

const MAX_ORIGINS = 10;

/** Normalises and checks a list of allowed origins: unique, at most 10, each a valid origin. */
export function checkOrigins(origins: string[]): string[] {
  const fields: FieldError[] = [];
  const normalized: string[] = [];
  origins.forEach((origin, i) => {
    const check = normalizeOrigin(origin);
    if (!check.ok) fields.push({ field: `allowedDomains.${i}`, message: `${origin} ${check.reason}` });
    else if (normalized.includes(check.origin)) fields.push({ field: `allowedDomains.${i}`, message: `${origin} is listed twice` });
    else normalized.push(check.origin);
  });
  if (origins.length > MAX_ORIGINS) fields.push({ field: 'allowedDomains', message: `at most ${MAX_ORIGINS} origins` });
  if (fields.length > 0) throw new PayrailError('VALIDATION_FAILED', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
  return normalized;
}

export function checkTier(tier: string): RateTier {
  if (!(RATE_TIERS as readonly string[]).includes(tier)) {
    throw new PayrailError('VALIDATION_FAILED', `rateTier must be one of ${RATE_TIERS.join(', ')}`, {
      fields: [{ field: 'rateTier', message: `must be one of ${RATE_TIERS.join(', ')}` }],
    });
  }
  return tier as RateTier;
}

export function checkStatus(status: string): ClientIdStatus {
  if (!(CLIENT_ID_STATUSES as readonly string[]).includes(status)) {
    throw new PayrailError('VALIDATION_FAILED', `status must be one of ${CLIENT_ID_STATUSES.join(', ')}`, {
      fields: [{ field: 'status', message: `must be one of ${CLIENT_ID_STATUSES.join(', ')}` }],
    });
  }
  return status as ClientIdStatus;
}

/** Statuses only the operator (admin CLI) sets and lifts. */
const OPERATOR_STATUSES: readonly ClientIdStatus[] = ['restricted'];

/**
 * What a platform may do to its own Client ID's status: `active`/`inactive` only while the operator
 * has not restricted it, and `revoked` always (a platform can always stop using its Client ID);
 * `restricted` is the operator's to set and to lift. Refused with a 403 (the operator's decision
 * is not the platform's to undo). A revoked Client ID stays revoked for everyone (canTransition).
 */
export function checkPlatformTransition(from: ClientIdStatus, to: ClientIdStatus): void {
  if (OPERATOR_STATUSES.includes(to)) throw new PayrailError('FORBIDDEN', `Only the operator can set a Client ID ${to}`);
  if (OPERATOR_STATUSES.includes(from) && to !== 'revoked')
    throw new PayrailError('FORBIDDEN', `Client ID is ${from} by the operator: only the operator can change its status`);
}
