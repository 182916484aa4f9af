import { PayrailError } from '@payrail/domain';
import type { ComplianceProvider, ProviderSessions } from './compliance-provider.js';

/** COMPLIANCE_PROVIDER=none: payer records can be read, but no KYC can be started. */
export class UnavailableComplianceProvider implements ComplianceProvider {
  readonly name = 'none';

  openSessions(): ProviderSessions {
    throw new PayrailError('DEPENDENCY_UNAVAILABLE', 'No compliance provider is configured');
  }

  kycUrl(): string {
    throw new PayrailError('DEPENDENCY_UNAVAILABLE', 'No compliance provider is configured');
  }

  agreementUrl(): string {
    return this.kycUrl();
  }
}
