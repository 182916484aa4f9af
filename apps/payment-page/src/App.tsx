import { pageLocation } from './api';
import { t } from './messages';
import { PaymentScreen } from './screens/PaymentScreen';

export function App() {
  const { token, clientId } = pageLocation();
  return (
    <main className="page">
      {token && clientId ? (
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
