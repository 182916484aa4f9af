import { ValidateBy, type ValidationArguments } from 'class-validator';
import { encryptionKeysProblem } from '../crypto/encryption-keys.js';
import type { BaseEnv } from './env.js';

const environmentOf = (args: ValidationArguments) => (args.object as BaseEnv).PAYRAIL_ENV;

/**
 * An encryption-key list variable (WEBHOOK_ENCRYPTION_KEYS, PII_ENCRYPTION_KEYS): the shared
 * format of `encryptionKeysProblem`, required outside PAYRAIL_ENV=local; the error names the
 * variable and the problem, never the key material.
 */
export const IsEncryptionKeyList = () =>
  ValidateBy({
    name: 'encryptionKeyList',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => !args || encryptionKeysProblem(value, environmentOf(args)) === null,
      defaultMessage: (args?: ValidationArguments) =>
        args ? `${args.property} ${encryptionKeysProblem(args.value, environmentOf(args))}` : 'invalid',
    },
  });
