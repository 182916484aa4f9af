import { onboardingLocation, pageLocation } from './api';
import { t } from './messages';
import { OnboardingScreen } from './screens/OnboardingScreen';
import { PaymentScreen } from './screens/PaymentScreen';

/** The page's routes: `/pay/<token>?clientId=` (a secure payment) and `[/pay]/onboarding/<intentId>` (a link intent). */
export function App() {
  const intentId = onboardingLocation();
  const { token, clientId } = pageLocation();
  return (
    <main className="page">
      {intentId ? (
        <OnboardingScreen intentId={intentId} />
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
