import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { type FieldError, PayrailError } from '@payrail/domain';

/**
 * A constraint on an object that is about one of its properties (e.g. `recurrence.payer` checked
 * against the payee beside `recurrence`) names that property in its context: `{ context: { field: 'payer' } }`.
 */
export interface FieldContext {
  field?: string;
}

/**
 * Flattens nested class-validator errors into `{ field: "a.b.c", message }` items. A required
 * property that is absent gets one item, "<name> is required", instead of its format rules'
 * messages (an optional property that is absent is never validated, so absence means required).
 */
function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const constraints = Object.entries(e.constraints ?? {});
    if (e.value === undefined && constraints.length > 0) return [{ field, message: `${e.property} is required` }];
    const own = constraints.map(([name, message]) => {
      const sub = (e.contexts?.[name] as FieldContext | undefined)?.field;
      return { field: sub ? `${field}.${sub}` : field, message };
    });
    return [...own, ...fieldErrors(e.children ?? [], field)];
  });
}

/** A NUL (Postgres text cannot hold it) or a lone UTF-16 surrogate (not Unicode: validators throw on it, UTF-8 cannot encode it). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path (`a.b.0`) of the first string in `value` that no store or validator can take, or
 * undefined: one native scan per string, no allocation on the common clean input.
 */
function unstorableTextAt(value: unknown, at: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? at : undefined;
  if (value === null || typeof value !== 'object' || depth > 16) return undefined;
  for (const key of Object.keys(value)) {
    const field = at ? `${at}.${key}` : key;
    if (UNSTORABLE.test(key)) return field;
    const found = unstorableTextAt((value as Record<string, unknown>)[key], field, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validated query DTOs kept per DTO class; past this many distinct query strings the memo starts over. */
const QUERY_MEMO_SIZE = 256;

/** A query object of plain string values (what Express parses from `?a=b&c=d`), as a memo key. */
function flatQueryKey(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const v of Object.values(value)) if (typeof v !== 'string') return undefined;
  return JSON.stringify(value);
}

/**
 * class-validator and class-transformer cost more than the rest of a cheap GET: a query string
 * seen before answers its validated DTO from a small memo, frozen so no handler can change what
 * the next request gets. Bodies, params and failures are never memoised. Every argument (body,
 * query, path parameter) is first refused when it holds text no store can take (unstorableTextAt).
 */
class PayrailValidationPipe extends ValidationPipe {
  private readonly memo = new Map<ArgumentMetadata['metatype'], Map<string, unknown>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const field = unstorableTextAt(value, metadata.data ?? '');
      if (field !== undefined) {
        const name = field || metadata.type;
        const message = `${name} must not contain NUL characters or unpaired UTF-16 surrogates`;
        throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field: name, message }] });
      }
    }
    const key = metadata.type === 'query' && metadata.metatype ? flatQueryKey(value) : undefined;
    if (key === undefined) return super.transform(value, metadata);
    let seen = this.memo.get(metadata.metatype);
    if (!seen) {
      seen = new Map<string, unknown>();
      this.memo.set(metadata.metatype, seen);
    }
    if (seen.has(key)) return seen.get(key);
    const validated: unknown = await super.transform(value, metadata);
    if (seen.size >= QUERY_MEMO_SIZE) seen.clear();
    seen.set(key, validated !== null && typeof validated === 'object' ? Object.freeze(validated) : validated);
    return validated;
  }
}

/**
 * The global pipe: unknown fields are rejected, payloads are transformed into DTO
 * classes, and failures become a 400 with a readable message and the field list.
 */
export function payrailValidationPipe(): ValidationPipe {
  return new PayrailValidationPipe(PIPE_OPTIONS);
}

const PIPE_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  // The value is read only to tell an absent property from a wrong one; it never reaches the response.
  validationError: { target: false, value: true },
  exceptionFactory: (errors: ValidationError[]) => {
    const fields = fieldErrors(errors);
    const summary = fields.map((f) => (f.message.startsWith(f.field) ? f.message : `${f.field}: ${f.message}`)).join('; ');
    return new PayrailError('VALIDATION_FAILED', `Validation failed: ${summary}`, { fields });
  },
};

/**
 * A body pipe that drops unknown fields instead of refusing them, for the few routes whose
 * clients send whole stored records (Request Network's payment details: `id`, `userId`,
 * `createdAt`...). The handler's parameter is typed `object` so the global pipe leaves it to this one.
 */
export function tolerantBodyPipe(expectedType: new () => object): ValidationPipe {
  return new ValidationPipe({ ...PIPE_OPTIONS, forbidNonWhitelisted: false, expectedType });
}
