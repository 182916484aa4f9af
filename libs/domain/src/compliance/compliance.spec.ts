import { isCompliant, kycStatusForRecord, nextAgreementStatus, nextKycStatus } from './compliance.js';

describe('compliance rules', () => {
  it('is compliant only with KYC approved and the agreement completed', () => {
    expect(isCompliant({ kycStatus: 'approved', agreementStatus: 'completed' })).toBe(true);
    expect(isCompliant({ kycStatus: 'approved', agreementStatus: 'pending' })).toBe(false);
    expect(isCompliant({ kycStatus: 'pending', agreementStatus: 'completed' })).toBe(false);
  });

  it('shows an approved KYC as completed on the payer record', () => {
    expect(kycStatusForRecord('approved')).toBe('completed');
    expect(kycStatusForRecord('retry_required')).toBe('retry_required');
  });

  it('does not reopen a decided KYC or agreement on a late page visit', () => {
    expect(nextKycStatus('approved', 'pending')).toBeUndefined();
    expect(nextKycStatus('not_started', 'pending')).toBe('pending');
    expect(nextKycStatus('retry_required', 'pending')).toBe('pending');
    expect(nextKycStatus('pending', 'approved')).toBe('approved');
    expect(nextKycStatus('approved', 'approved')).toBeUndefined();
    expect(nextAgreementStatus('completed', 'pending')).toBeUndefined();
    expect(nextAgreementStatus('pending', 'completed')).toBe('completed');
  });
});
