import { Status } from '@payrail/web';
import { lazy, Suspense } from 'react';
import { onboardingLocation, pageLocation } from './api';
import { t } from './messages';
import { PaymentScreen } from './screens/PaymentScreen';
import { ReceiptScreen } from './screens/ReceiptScreen';

// Onboarding (its form library and schema) is its own chunk: payers never download it.
const OnboardingScreen = lazy(() => import('./screens/OnboardingScreen').then((m) => ({ default: m.OnboardingScreen })));

/** The page's routes: `/pay/<token>?clientId=` (a secure payment), `/pay/<token>/receipt?clientId=` (its printable receipt) and `[/pay]/onboarding/<intentId>` (a link intent). */
export function App() {
  const intentId = onboardingLocation();
  const { token, clientId, view } = pageLocation();
  return (
    <main className="page">
      {intentId ? (
        <Suspense fallback={<Status>{t('onboarding.loading')}</Status>}>
          <OnboardingScreen intentId={intentId} />
        </Suspense>
      ) : token && clientId && view === 'receipt' ? (
        <ReceiptScreen token={token} clientId={clientId} />
      ) : token && clientId ? (
        <PaymentScreen token={token} clientId={clientId} />
      ) : (
        <section className="pr-card blocked">
          <h1>{t('page.not_found.title')}</h1>
          <p>{t('page.not_found.body')}</p>
        </section>
      )}
    </main>
  );
}
