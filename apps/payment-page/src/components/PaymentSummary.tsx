import { currencySymbol } from '@payrail/web';
import type { SecurePayment } from '../api';
import { t } from '../messages';

/** Amount, currency, network, payee, reference and the platform's logo and links. */
export function PaymentSummary({ payment }: { payment: SecurePayment }) {
  const b = payment.branding;
  return (
    <section className="pr-card summary" aria-labelledby="payment-title">
      {b?.logoPath && <img className="logo" src={b.logoPath} alt={t('payment.logo_alt')} />}
      <h1 id="payment-title">{t('page.title')}</h1>
      <p className="amount">
        {payment.amount} {currencySymbol(payment.paymentCurrency)}
      </p>
      <dl>
        <dt>{t('payment.amount')}</dt>
        <dd data-field="amount">
          {payment.amount} {currencySymbol(payment.paymentCurrency)}
        </dd>
        <dt>{t('payment.network')}</dt>
        <dd data-field="network">{payment.network}</dd>
        <dt>{t('payment.payee')}</dt>
        <dd data-field="payee" className="mono">
          {payment.payee}
        </dd>
        {payment.reference && (
          <>
            <dt>{t('payment.reference')}</dt>
            <dd data-field="reference">{payment.reference}</dd>
          </>
        )}
        <dt>{t('payment.status')}</dt>
        <dd data-field="status">{payment.status}</dd>
      </dl>
      {(b?.termsPath || b?.privacyPath) && (
        <p className="links">
          {b.termsPath && <a href={b.termsPath}>{t('payment.terms')}</a>}
          {b.privacyPath && <a href={b.privacyPath}>{t('payment.privacy')}</a>}
        </p>
      )}
    </section>
  );
}
