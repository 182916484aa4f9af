import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { type FieldError, PayrailError } from '@payrail/domain';

/** Flattens nested class-validator errors into `{ field: "a.b.c", message }` items. */
export function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...fieldErrors(e.children ?? [], field)];
  });
}

/**
 * The global pipe: unknown fields are rejected, payloads are transformed into DTO
 * classes, and failures become a 400 with a readable message and the field list.
 */
export function payrailValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = fieldErrors(errors);
      const summary = fields.map((f) => (f.message.startsWith(f.field) ? f.message : `${f.field}: ${f.message}`)).join('; ');
      return new PayrailError('VALIDATION_FAILED', `Validation failed: ${summary}`, { fields });
    },
  });
}
