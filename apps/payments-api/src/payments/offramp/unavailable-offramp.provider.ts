import { PayrailError, type OfframpProvider } from '@payrail/domain';

const unavailable = () => new PayrailError('DEPENDENCY_UNAVAILABLE', 'No off-ramp (crypto-to-fiat) provider is configured');

/** OFFRAMP_PROVIDER=none: payment details can be read, but none registered and no off-ramp opened (503). */
export class UnavailableOfframpProvider implements OfframpProvider {
  readonly name = 'none';

  registerPaymentDetails(): Promise<never> {
    return Promise.reject(unavailable());
  }

  openOfframp(): Promise<never> {
    return Promise.reject(unavailable());
  }
}
