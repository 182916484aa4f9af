import { currencySymbol } from '@payrail/web';
import { formatUnits, parseUnits } from 'viem';
import type { ReactNode } from 'react';
import type { BatchRecord, PaymentRecord } from '../api';
import { t } from '../messages';
import { ExpiryCountdown } from './ExpiryCountdown';

/**
 * The platform's logo and links, then amount, currency, network, payee (masked when the link hides
 * it), reference and the expiry countdown; `children` adds the multicall's payouts.
 */
export function PaymentSummary({ payment, onExpired, children }: { payment: PaymentRecord; onExpired: () => void; children?: ReactNode }) {
  const b = payment.branding;
  const facts = factsOf(payment);
  return (
    <section className="pr-card summary" aria-labelledby="payment-title">
      {b?.logoPath && <img className="logo" src={b.logoPath} alt={t('payment.logo_alt')} />}
      <h1 id="payment-title">{payment.paymentType === 'single' ? t('page.title') : t('multicall.title')}</h1>
      <p className="amount" data-field="total">
        {facts.amount} {facts.symbol}
      </p>
      <dl>
        <dt>{t('payment.amount')}</dt>
        <dd data-field="amount">
          {facts.amount} {facts.symbol}
        </dd>
        <dt>{t('payment.network')}</dt>
        <dd data-field="network">{facts.network}</dd>
        {payment.paymentType === 'single' && (
          <>
            <dt>{t('payment.payee')}</dt>
            <dd data-field="payee" className="mono">
              {payment.isPayeeAddressMasked ? t('payment.payee_masked', { payee: payment.payee }) : payment.payee}
            </dd>
          </>
        )}
        {payment.paymentType === 'single' && payment.reference && (
          <>
            <dt>{t('payment.reference')}</dt>
            <dd data-field="reference">{payment.reference}</dd>
          </>
        )}
        {(payment.status === 'pending' || payment.status === 'partially_settled') && (
          <>
            <dt>{t('payment.expires')}</dt>
            <dd data-field="expires">
              <ExpiryCountdown expiresAt={payment.expiresAt} onExpired={onExpired} />
            </dd>
          </>
        )}
      </dl>
      {children}
      {(b?.termsPath || b?.privacyPath) && (
        <nav className="links" aria-label={t('payment.legal')}>
          {b.termsPath && <a href={b.termsPath}>{t('payment.terms')}</a>}
          {b.privacyPath && <a href={b.privacyPath}>{t('payment.privacy')}</a>}
        </nav>
      )}
    </section>
  );
}

/** What the payer pays, in which token, on which network (a multicall: its payer total over every child). */
export function factsOf(payment: PaymentRecord): { amount: string; symbol: string; network: string } {
  if (payment.paymentType === 'single') {
    return { amount: payment.amount, symbol: currencySymbol(payment.paymentCurrency), network: payment.network };
  }
  if (payment.paymentType === 'batch') return batchFacts(payment);
  const first = payment.totals.byDestinationCurrency[0];
  return {
    amount: payment.totals.amountSummary.payerTotal,
    symbol: currencySymbol(first?.currency ?? ''),
    network: first?.network ?? payment.children.find((c) => c.context.network)?.context.network ?? '',
  };
}

/**
 * A batch link: the total of its unpaid payouts when they share one currency (added as 18-decimal
 * units, exact for every token), else the payouts' amounts side by side.
 */
function batchFacts(payment: BatchRecord): { amount: string; symbol: string; network: string } {
  const open = payment.amounts.filter((_, i) => !payment.hasBeenPaid[i]);
  const currencies = new Set(payment.paymentCurrencies);
  if (currencies.size !== 1) return { amount: open.join(' + '), symbol: '', network: payment.network };
  const total = open.reduce((sum, a) => sum + parseUnits(a, 18), 0n);
  return { amount: formatUnits(total, 18), symbol: currencySymbol(payment.paymentCurrencies[0]), network: payment.network };
}
