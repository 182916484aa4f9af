import { ApiError } from '@payrail/web';
import { z } from 'zod';
import type { Currency, PlatformClientId } from '../api';
import { type MessageKey } from '../messages';

/**
 * The onboarding form's schema: what react-hook-form validates before the body is built. The
 * payout wallet's format is the API's to judge (EVM or Tron; its refusal is shown as a sentence);
 * here it is only required. Messages are catalogue keys.
 */
export const onboardingFormSchema = z.object({
  clientId: z.string(),
  destinationWalletAddress: z
    .string()
    .trim()
    .min(1, 'onboarding.destination_required' satisfies MessageKey),
  currency: z
    .string()
    .trim()
    .min(1, 'onboarding.currency_required' satisfies MessageKey),
});

/** The onboarding form as typed (strings). */
export type OnboardingForm = z.input<typeof onboardingFormSchema>;

/**
 * The form's first values: the Client ID the intent names (else the platform's first), the wallet
 * that signed in as the payout wallet, the first payout currency offered.
 */
export function onboardingDefaults(
  intentClientId: string | null,
  owned: readonly PlatformClientId[],
  currencies: readonly Currency[],
  signedInAddress: string,
): OnboardingForm {
  return {
    clientId: intentClientId ?? owned[0]?.clientId ?? '',
    destinationWalletAddress: signedInAddress,
    currency: currencies[0]?.id ?? '',
  };
}

/** The request body of POST .../complete from the form: trimmed values, the Client ID the intent names winning. */
export function completeBodyOf(form: OnboardingForm, intentClientId: string | null) {
  return {
    clientId: intentClientId ?? form.clientId.trim(),
    destinationWalletAddress: form.destinationWalletAddress.trim(),
    currency: form.currency.trim(),
  };
}

/** A final state of the intent the screen shows instead of the form. */
export type IntentEnd = 'expired' | 'completed' | 'not_found';

/**
 * What a refused completion means for the screen: a final state of the intent (expired, already
 * completed, unknown), or the catalogue sentence to show beside the form (with the API's reason
 * for what the page has no sentence of its own).
 */
export function completeFailureOf(error: Error): { end: IntentEnd } | { key: MessageKey; reason?: string } {
  if (!(error instanceof ApiError)) return { key: 'onboarding.failed', reason: error.message };
  const message = error.message;
  if (error.status === 401) return { key: 'onboarding.not_signed_in' };
  if (error.status === 409) return { end: /expired/i.test(message) ? 'expired' : 'completed' };
  if (error.status === 404 && /link intent/i.test(message)) return { end: 'not_found' };
  if (error.status === 404) return { key: 'onboarding.not_your_client_id' };
  if (error.status === 403 && /wallet session/i.test(message)) return { key: 'onboarding.email_session' };
  if (error.status === 403 && /another Client ID/i.test(message)) return { key: 'onboarding.wrong_client_id' };
  return { key: 'onboarding.failed', reason: message.replace(/\.$/, '') };
}
