import { accessRejectedSubject, normalizePayerWallet } from './access-rejected.js';
import { isDeliverySuccess, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from './delivery-rules.js';

describe('delivery rules', () => {
  it('retries after 1 s, 5 s and 15 s, then stops: 4 attempts of 5 s at most', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([1000, 5000, 15000]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(4);
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
  });

  it('counts any 2xx as success and 1xx, 3xx, 4xx, 5xx as failure', () => {
    expect([200, 201, 204, 299].map(isDeliverySuccess)).toEqual([true, true, true, true]);
    expect([101, 199, 301, 302, 304, 400, 401, 404, 500, 503].some(isDeliverySuccess)).toBe(false);
  });

  it('keys access_rejected suppression by payment and wallet, EVM case-insensitively, TRON case kept', () => {
    const evm = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
    expect(normalizePayerWallet(evm)).toBe(evm.toLowerCase());
    expect(normalizePayerWallet('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(accessRejectedSubject({ requestId: 'r1', attemptedPayerWalletAddress: evm })).toBe(`r1:${evm.toLowerCase()}`);
    expect(accessRejectedSubject({ requestId: 'r1' })).toBeNull();
  });
});
