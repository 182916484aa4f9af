import { ApiError } from '@payrail/web';
import { describe, expect, it } from 'vitest';
import type { Currency, PlatformClientId } from '../api';
import { completeBodyOf, completeFailureOf, onboardingDefaults, onboardingFormSchema } from './onboarding-form';

const ADDRESS = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const clientIds = [
  { clientId: 'pk_eu', label: 'Shop EU' },
  { clientId: 'pk_us', label: 'Shop US' },
] as PlatformClientId[];
const currencies = [{ id: 'fUSDC-sepolia' }, { id: 'USDT-tron' }] as Currency[];

describe('onboardingDefaults', () => {
  it("starts with the intent's Client ID (else the platform's first), the signed-in wallet and the first currency", () => {
    expect(onboardingDefaults(null, clientIds, currencies, ADDRESS)).toEqual({
      clientId: 'pk_eu',
      destinationWalletAddress: ADDRESS,
      currency: 'fUSDC-sepolia',
    });
    expect(onboardingDefaults('pk_us', clientIds, [], ADDRESS)).toEqual({
      clientId: 'pk_us',
      destinationWalletAddress: ADDRESS,
      currency: '',
    });
  });
});

describe('onboardingFormSchema', () => {
  it('requires a payout wallet and a currency, as catalogue keys', () => {
    const refused = onboardingFormSchema.safeParse({ clientId: 'pk_eu', destinationWalletAddress: '   ', currency: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['destinationWalletAddress', 'onboarding.destination_required'],
      ['currency', 'onboarding.currency_required'],
    ]);
  });

  it("leaves the wallet's format to the API (EVM or Tron)", () => {
    expect(onboardingFormSchema.safeParse({ clientId: 'pk_eu', destinationWalletAddress: 'TR7NHq', currency: 'USDT-tron' }).success).toBe(
      true,
    );
  });
});

describe('completeBodyOf', () => {
  it('trims what was typed, and the Client ID the intent names wins over the form', () => {
    const form = { clientId: ' pk_us ', destinationWalletAddress: ` ${ADDRESS}\n`, currency: ' fUSDC-sepolia' };
    expect(completeBodyOf(form, null)).toEqual({ clientId: 'pk_us', destinationWalletAddress: ADDRESS, currency: 'fUSDC-sepolia' });
    expect(completeBodyOf(form, 'pk_eu').clientId).toBe('pk_eu');
  });
});

describe('completeFailureOf', () => {
  const failure = (status: number, message: string) => completeFailureOf(new ApiError(status, message));

  it('turns a closed intent into its final screen', () => {
    expect(failure(409, 'Link intent expired.')).toEqual({ end: 'expired' });
    expect(failure(409, 'Link intent already completed.')).toEqual({ end: 'completed' });
    expect(failure(404, 'Link intent not found.')).toEqual({ end: 'not_found' });
  });

  it('says each refusal of the platform in its own sentence, else the API reason', () => {
    expect(failure(401, 'Unauthorized')).toEqual({ key: 'onboarding.not_signed_in' });
    expect(failure(404, 'Client ID not found.')).toEqual({ key: 'onboarding.not_your_client_id' });
    expect(failure(403, 'A wallet session is required.')).toEqual({ key: 'onboarding.email_session' });
    expect(failure(403, 'This intent is for another Client ID.')).toEqual({ key: 'onboarding.wrong_client_id' });
    expect(failure(400, 'destinationWalletAddress must be an EVM or Tron address.')).toEqual({
      key: 'onboarding.failed',
      reason: 'destinationWalletAddress must be an EVM or Tron address',
    });
    expect(completeFailureOf(new TypeError('Failed to fetch'))).toEqual({ key: 'onboarding.failed', reason: 'Failed to fetch' });
  });
});
