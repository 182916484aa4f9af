import { ApiError } from '@payrail/web';
import { describe, expect, it } from 'vitest';
import type { MulticallState, SecurePayment } from '../api';
import { IDLE_POLL_MS, pageStepOf, pollIntervalOf, TRACKING_POLL_MS } from './page-step';

const single = (over: Partial<SecurePayment> = {}) =>
  ({ paymentType: 'single', status: 'pending', network: 'sepolia', paymentCurrency: 'fUSDC-sepolia', ...over }) as SecurePayment;
const multicall = (status: MulticallState['status']) => ({ paymentType: 'multicall', status }) as MulticallState;
const read = (record: SecurePayment | MulticallState | undefined, submitted?: string) => ({
  record,
  error: null,
  pending: false,
  submitted,
});

describe('pageStepOf', () => {
  it('loads, then says a missing or unknown link is not found and other failures with their reason', () => {
    expect(pageStepOf({ record: undefined, error: null, pending: true, submitted: undefined })).toEqual({ step: 'loading' });
    for (const status of [404, 401]) {
      const error = new ApiError(status, 'Secure payment not found.');
      expect(pageStepOf({ record: undefined, error, pending: false, submitted: undefined })).toEqual({ step: 'not_found' });
    }
    const down = new ApiError(503, 'The network is unavailable.');
    expect(pageStepOf({ record: undefined, error: down, pending: false, submitted: undefined })).toEqual({
      step: 'load_failed',
      reason: 'The network is unavailable',
    });
    expect(pageStepOf({ record: undefined, error: new TypeError('Failed to fetch'), pending: false, submitted: undefined })).toEqual({
      step: 'load_failed',
      reason: 'Failed to fetch',
    });
  });

  it('shows the pay flow of the rail: Tron for a single Tron payment, EVM otherwise (multicalls included)', () => {
    expect(pageStepOf(read(single()))).toEqual({ step: 'pay', rail: 'evm' });
    expect(pageStepOf(read(single({ network: 'tron', paymentCurrency: 'USDT-tron' })))).toEqual({ step: 'pay', rail: 'tron' });
    expect(pageStepOf(read(multicall('pending')))).toEqual({ step: 'pay', rail: 'evm' });
    expect(pageStepOf(read(multicall('partially_settled')))).toEqual({ step: 'pay', rail: 'evm' });
  });

  it('shows a final state its own screen', () => {
    for (const status of ['completed', 'expired', 'invalidated', 'compliance_failed'] as const) {
      expect(pageStepOf(read(single({ status })))).toEqual({ step: 'final', state: status });
    }
    expect(pageStepOf(read(multicall('completed')))).toEqual({ step: 'final', state: 'completed' });
  });

  it('tracks a payment this page submitted until it completes; a link that expired or failed meanwhile says so', () => {
    expect(pageStepOf(read(single(), '0xabc'))).toEqual({ step: 'tracking', done: false });
    expect(pageStepOf(read(single({ status: 'completed' }), '0xabc'))).toEqual({ step: 'tracking', done: true });
    expect(pageStepOf(read(single({ status: 'compliance_failed' }), '0xabc'))).toEqual({ step: 'final', state: 'compliance_failed' });
    expect(pageStepOf(read(multicall('expired'), '0xabc'))).toEqual({ step: 'final', state: 'expired' });
  });

  it('reads the record every second while a submitted payment settles, else now and then', () => {
    expect(pollIntervalOf('0xabc')).toBe(TRACKING_POLL_MS);
    expect(pollIntervalOf(undefined)).toBe(IDLE_POLL_MS);
  });
});
