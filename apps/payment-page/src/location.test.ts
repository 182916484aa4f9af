import { afterEach, describe, expect, it } from 'vitest';
import { onboardingLocation, pageLocation } from './api';

const at = (url: string) => window.history.replaceState(null, '', url);

afterEach(() => at('/'));

describe('deep links', () => {
  it("reads a payment link's token and Client ID: /pay/<token>?clientId=<id>", () => {
    at('/pay/01JDQ4W9ZK3M7T1B2C3D4E5F6G?clientId=pk_live_1');
    expect(pageLocation()).toEqual({ token: '01JDQ4W9ZK3M7T1B2C3D4E5F6G', clientId: 'pk_live_1', view: 'payment' });
    expect(onboardingLocation()).toBeUndefined();
    at('/pay/01JDQ4W9ZK3M7T1B2C3D4E5F6G/');
    expect(pageLocation()).toEqual({ token: '01JDQ4W9ZK3M7T1B2C3D4E5F6G', clientId: undefined, view: 'payment' });
  });

  it("reads a link's printable receipt: /pay/<token>/receipt?clientId=<id>", () => {
    at('/pay/01JDQ4W9ZK3M7T1B2C3D4E5F6G/receipt?clientId=pk_live_1');
    expect(pageLocation()).toEqual({ token: '01JDQ4W9ZK3M7T1B2C3D4E5F6G', clientId: 'pk_live_1', view: 'receipt' });
  });

  it('reads an onboarding link under /pay or at the root', () => {
    at('/pay/onboarding/li_01ABC');
    expect(onboardingLocation()).toBe('li_01ABC');
    at('/onboarding/li_01ABC/');
    expect(onboardingLocation()).toBe('li_01ABC');
  });

  it('finds nothing on any other path', () => {
    at('/pay/a/b');
    expect(pageLocation().token).toBeUndefined();
    at('/somewhere');
    expect(onboardingLocation()).toBeUndefined();
  });
});
