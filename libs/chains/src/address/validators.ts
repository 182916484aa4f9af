import { ValidateBy, type ValidationOptions } from 'class-validator';
import { detectAddressKind, isEvmAddress, isTronAddress } from '@payrail/domain';

/**
 * DTO decorators built on the codecs, so every endpoint accepts and rejects the same addresses.
 * `each: true` in the options validates every item of an array.
 */
export function IsEvmAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEvmAddress',
      validator: {
        validate: (value: unknown) => isEvmAddress(value),
        defaultMessage: () => '$property must be an EVM address (0x and 40 hex digits; mixed case must be a valid EIP-55 checksum)',
      },
    },
    options,
  );
}

export function IsTronAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTronAddress',
      validator: {
        validate: (value: unknown) => isTronAddress(value),
        defaultMessage: () => '$property must be a Tron address (base58check, starting with T)',
      },
    },
    options,
  );
}

export function IsEvmOrTronAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEvmOrTronAddress',
      validator: {
        validate: (value: unknown) => detectAddressKind(value) !== undefined,
        defaultMessage: () => '$property must be an EVM address (0x…, EIP-55 checksum when mixed case) or a Tron address (base58check T…)',
      },
    },
    options,
  );
}
