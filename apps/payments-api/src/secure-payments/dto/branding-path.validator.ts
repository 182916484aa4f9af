import { isSafeBrandingPath } from '@payrail/domain';
import { ValidateBy, type ValidationOptions } from 'class-validator';

const DESCRIPTION = 'An https URL or a relative path (no javascript:, data:, http: or //host)';

/** A branding link the payment page renders: an https URL or a relative path (see isSafeBrandingPath). */
export function IsBrandingPath(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isBrandingPath',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isSafeBrandingPath(value),
        defaultMessage: () => '$property must be an https URL or a relative path',
      },
    },
    options,
  );
}

export const BRANDING_PATH_DOC = { description: DESCRIPTION, maxLength: 2048 } as const;
