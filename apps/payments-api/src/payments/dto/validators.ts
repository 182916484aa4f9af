import { isEvmAddress, sameEvmAddress } from '@payrail/chains';
import { isFeePercentage } from '@payrail/domain';
import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';

const POSITIVE_DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** A positive human-readable decimal string ("10", "10.5"); the currency's decimals are checked later. */
export function IsDecimalAmount(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDecimalAmount',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && POSITIVE_DECIMAL.test(value) && /[1-9]/.test(value),
        defaultMessage: () => '$property must be a positive decimal string such as "10" or "10.5"',
      },
    },
    options,
  );
}

/** "2.5" means 2.5 %: a decimal string from 0 to 100. */
export function IsFeePercentage(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isFeePercentage',
      validator: {
        validate: (value: unknown) => isFeePercentage(value),
        defaultMessage: () => '$property must be a decimal string from 0 to 100 (e.g. "2.5" for 2.5%)',
      },
    },
    options,
  );
}

/** Same account: EVM addresses compare case-insensitively, Tron base58 exactly. */
export function sameAddress(a: string, b: string): boolean {
  return isEvmAddress(a) && isEvmAddress(b) ? sameEvmAddress(a, b) : a === b;
}

/** An alias of another property: when both are given they must name the same address. */
export function IsAliasOf(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAliasOf',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const other = (args?.object as Record<string, unknown> | undefined)?.[property];
          return typeof value !== 'string' || typeof other !== 'string' || sameAddress(value, other);
        },
        defaultMessage: (args?: ValidationArguments) =>
          `$property is an alias of ${String(args?.constraints[0])}; when both are given they must be the same address`,
      },
    },
    options,
  );
}

/** An ISO 8601 date or date-time whose UTC calendar day is today or later. */
export function IsNotInThePast(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotInThePast',
      validator: {
        validate: (value: unknown) => {
          const time = typeof value === 'string' ? Date.parse(value) : NaN;
          return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) >= new Date().toISOString().slice(0, 10);
        },
        defaultMessage: () => '$property cannot be in the past',
      },
    },
    options,
  );
}

/** For an object property holding `{payer}`: the payer must not be the payee given beside it. */
export function PayerIsNotPayee(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'payerIsNotPayee',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const payer = (value as { payer?: unknown } | null | undefined)?.payer;
          const payee = (args?.object as { payee?: unknown } | undefined)?.payee;
          return typeof payer !== 'string' || typeof payee !== 'string' || !sameAddress(payer, payee);
        },
        defaultMessage: () => 'payer cannot equal the payee address',
      },
    },
    // The rule is about the nested payer: the error names `<property>.payer`.
    { ...options, context: { field: 'payer' } },
  );
}
