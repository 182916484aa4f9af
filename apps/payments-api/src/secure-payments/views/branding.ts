import type { SecurePaymentEntity } from '@payrail/persistence';

/** Spec: the multicall branding object, which the single record shares. */
export interface BrandingView {
  id: string;
  clientIdId: string | null;
  orchestratorId: string | null;
  logoPath: string | null;
  pageBackgroundColor: string | null;
  cardBackgroundColor: string | null;
  primaryActionColor: string | null;
  primaryTextColor: string | null;
  secondaryTextColor: string | null;
  termsPath: string | null;
  privacyPath: string | null;
  displayRequestBranding: boolean;
}

/** Branding with every field of the spec's branding object (null where the creator set none). */
export function brandingOf(payment: SecurePaymentEntity): BrandingView {
  const b = payment.branding ?? {};
  const field = (name: string) => (typeof b[name] === 'string' ? b[name] : null);
  return {
    id: payment.token,
    clientIdId: payment.clientIdId,
    orchestratorId: payment.orchestratorId,
    logoPath: field('logoPath'),
    pageBackgroundColor: field('pageBackgroundColor'),
    cardBackgroundColor: field('cardBackgroundColor'),
    primaryActionColor: field('primaryActionColor'),
    primaryTextColor: field('primaryTextColor'),
    secondaryTextColor: field('secondaryTextColor'),
    termsPath: field('termsPath'),
    privacyPath: field('privacyPath'),
    displayRequestBranding: b.displayRequestBranding === true,
  };
}
