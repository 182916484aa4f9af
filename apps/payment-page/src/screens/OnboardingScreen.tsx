import { Alert, ApiError, Button, shortAddress, Status } from '@payrail/web';
import { useState } from 'react';
import type { LinkIntentView } from '../api';
import { OnboardingFormFields } from '../components/OnboardingFormFields';
import { t } from '../messages';
import { completeBodyOf, completeFailureOf, type IntentEnd, onboardingDefaults, type OnboardingForm } from '../onboarding/onboarding-form';
import {
  type PlatformSession,
  useCompleteLinkIntent,
  useDestinationCurrencies,
  useLinkIntent,
  usePlatformClientIds,
  useWalletSignIn,
} from '../queries/link-intents';

/**
 * Hosted onboarding (`<SECURE_PAYMENT_PAGE_URL>/onboarding/<intentId>`, a link intent's
 * onboardingUrl): shows which orchestrator asks to link and until when, signs the platform in with
 * its wallet (SIWE, a bearer session kept in memory), lets it pick its Client ID (unless the intent
 * names one) and payout wallet, and completes the intent; every refusal is a sentence.
 */
export function OnboardingScreen({ intentId }: { intentId: string }) {
  const intent = useLinkIntent(intentId);
  const [session, setSession] = useState<PlatformSession>();
  const [end, setEnd] = useState<IntentEnd>();
  const [signedOut, setSignedOut] = useState(false);
  if (intent.isPending) return <Status>{t('onboarding.loading')}</Status>;
  if (!intent.data) {
    const error = intent.error;
    if (error instanceof ApiError && error.status === 404) return <IntentEnded kind="not_found" orchestrator="" />;
    return <Alert>{t('onboarding.load_failed', { reason: error?.message.replace(/\.$/, '') ?? '' })}</Alert>;
  }
  const view = intent.data;
  const finalState = end ?? (view.status === 'open' ? undefined : view.status);
  if (finalState) return <IntentEnded kind={finalState} orchestrator={view.orchestratorName} />;
  return (
    <section className="pr-card onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">{t('onboarding.title', { orchestrator: view.orchestratorName })}</h1>
      <p>{t('onboarding.intro', { orchestrator: view.orchestratorName })}</p>
      {view.clientId && <p>{t('onboarding.for_client_id', { clientId: view.clientId })}</p>}
      <p>
        {t('onboarding.expires', { date: new Date(view.expiresAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' }) })}
      </p>
      {session ? (
        <LinkForm
          intent={view}
          session={session}
          onEnded={setEnd}
          onSignedOut={() => {
            setSession(undefined);
            setSignedOut(true);
          }}
        />
      ) : (
        <SignIn onSignedIn={setSession} signedOut={signedOut} />
      )}
    </section>
  );
}

function SignIn({ onSignedIn, signedOut }: { onSignedIn: (session: PlatformSession) => void; signedOut: boolean }) {
  const signIn = useWalletSignIn(onSignedIn);
  return (
    <div className="onboarding-sign-in">
      {signedOut && !signIn.isPending && <Alert>{t('onboarding.not_signed_in')}</Alert>}
      <p>{t('onboarding.sign_in_hint')}</p>
      <Button disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        {t('onboarding.sign_in')}
      </Button>
      <Status>{signIn.isPending ? t('onboarding.signing_in') : ''}</Status>
      {signIn.error && <Alert>{t('onboarding.sign_in_failed', { reason: signIn.error.message.replace(/\.$/, '') })}</Alert>}
    </div>
  );
}

function LinkForm({
  intent,
  session,
  onEnded,
  onSignedOut,
}: {
  intent: LinkIntentView;
  session: PlatformSession;
  onEnded: (end: IntentEnd) => void;
  onSignedOut: () => void;
}) {
  const clientIds = usePlatformClientIds(session);
  const currencies = useDestinationCurrencies(session);
  const complete = useCompleteLinkIntent(intent.intentId, session);
  const orchestrator = intent.orchestratorName;
  const signedIn = (
    <p data-field="signed-in" title={session.address}>
      {t('onboarding.signed_in', { address: shortAddress(session.address) })}
    </p>
  );
  if (complete.data)
    return (
      <div className="outcome done">
        <h2>{t('onboarding.done.title')}</h2>
        <Status>{t('onboarding.done.body', { clientId: complete.data.clientId, orchestrator })}</Status>
      </div>
    );
  if (clientIds.isPending || currencies.isPending) return <Status>{t('onboarding.loading')}</Status>;
  const loadError = clientIds.error ?? currencies.error;
  if (loadError) return <Alert>{t('onboarding.load_failed', { reason: loadError.message.replace(/\.$/, '') })}</Alert>;
  const owned = clientIds.data ?? [];
  if (intent.clientId && !owned.some((c) => c.clientId === intent.clientId))
    return (
      <>
        {signedIn}
        <Alert>{t('onboarding.not_your_client_id', { clientId: intent.clientId, orchestrator })}</Alert>
      </>
    );
  if (owned.length === 0)
    return (
      <>
        {signedIn}
        <Alert>{t('onboarding.no_client_ids')}</Alert>
      </>
    );
  const failure = complete.error ? completeFailureOf(complete.error) : undefined;
  const submit = (form: OnboardingForm) =>
    complete.mutate(completeBodyOf(form, intent.clientId), {
      onError: (error) => {
        const found = completeFailureOf(error);
        if ('end' in found) onEnded(found.end);
        else if (found.key === 'onboarding.not_signed_in') onSignedOut();
      },
    });
  return (
    <>
      {signedIn}
      <OnboardingFormFields
        defaults={onboardingDefaults(intent.clientId, owned, currencies.data ?? [], session.address)}
        clientIds={owned}
        fixedClientId={intent.clientId}
        currencies={currencies.data ?? []}
        orchestrator={orchestrator}
        pending={complete.isPending}
        onSubmit={submit}
      />
      {failure && 'key' in failure && (
        <Alert>{t(failure.key, { reason: failure.reason ?? '', clientId: intent.clientId ?? '', orchestrator })}</Alert>
      )}
    </>
  );
}

function IntentEnded({ kind, orchestrator }: { kind: IntentEnd; orchestrator: string }) {
  return (
    <section className="pr-card blocked" data-state={kind} aria-labelledby={`onboarding-${kind}`}>
      <h1 id={`onboarding-${kind}`}>{t(`onboarding.${kind}.title`)}</h1>
      <p>{t(`onboarding.${kind}.body`, { orchestrator })}</p>
    </section>
  );
}
