import { canonicalPayerWallet, DEFAULT_SECURE_PAYMENT_EXPIRY_SECONDS } from '@payrail/domain';
import type { NewSecurePayment } from '@payrail/persistence';
import { invalidField } from '../../payments/planning/invalid.js';
import type { SecurePaymentCreator } from '../creator.js';
import type { LinkOptionsDto } from '../dto/create-secure-payment.dto.js';

export type LinkRow = Omit<NewSecurePayment, 'token' | 'paymentType' | 'requestIds' | 'reference' | 'parentToken'>;

/** The stored settings of a link: owner, redirect (label only with a URL), branding, expiry, access policy. */
export function linkRow(creator: SecurePaymentCreator, options: LinkOptionsDto, now = Date.now()): LinkRow {
  if (options.redirectLabel !== undefined && options.redirectUrl === undefined)
    throw invalidField('redirectLabel', 'redirectLabel cannot be provided without redirectUrl');
  const policy = options.accessPolicy ?? {};
  return {
    platformId: creator.platformId,
    clientIdId: creator.clientIdId,
    orchestratorId: creator.orchestratorId,
    redirectUrl: options.redirectUrl ?? null,
    redirectLabel: options.redirectLabel ?? null,
    branding: options.branding ? { ...options.branding } : null,
    accessPolicy: {
      allowedPayerAddresses: (policy.allowedPayerAddresses ?? []).map(canonicalPayerWallet),
      screening: policy.screening ?? 'off',
      hidePayeeAddress: policy.hidePayeeAddress ?? false,
    },
    expiresAt: new Date(now + (options.expiresIn ?? DEFAULT_SECURE_PAYMENT_EXPIRY_SECONDS) * 1000),
  };
}
