import { currencySymbol } from '@payrail/web';
import { formatUnits, parseUnits } from 'viem';
import type { ReactNode } from 'react';
import type { BatchRecord, PaymentRecord, SecurePayment } from '../api';
import { t } from '../messages';
import { tokenLabel } from '../pay/receipt';
import { ExpiryCountdown } from './ExpiryCountdown';

/**
 * Who asks to be paid (the platform's name, the branding's logo), the total, then amount, fee and
 * total when the payer bears a fee, token, network (display names from the API), payee (masked
 * when the link hides it), reference, the expiry countdown and the branding's terms and privacy
 * links; `children` adds the multicall's payouts.
 */
export function PaymentSummary({ payment, onExpired, children }: { payment: PaymentRecord; onExpired: () => void; children?: ReactNode }) {
  const b = payment.branding;
  const facts = factsOf(payment);
  const merchant = payment.paymentType === 'single' ? payment.merchant.name : '';
  return (
    <section className="pr-card summary" aria-labelledby="payment-title">
      {b?.logoPath && (
        <img className="logo" src={b.logoPath} alt={merchant ? t('payment.merchant_logo_alt', { merchant }) : t('payment.logo_alt')} />
      )}
      <h1 id="payment-title">
        {payment.paymentType !== 'single' ? t('multicall.title') : merchant ? t('payment.title_merchant', { merchant }) : t('page.title')}
      </h1>
      <p className="amount" data-field="total">
        {facts.total} {facts.symbol}
      </p>
      <dl>
        <dt>{t('payment.amount')}</dt>
        <dd data-field="amount">
          {facts.amount} {facts.symbol}
        </dd>
        {payment.paymentType === 'single' && <FeeLines payment={payment} symbol={facts.symbol} />}
        {payment.paymentType === 'single' && (
          <>
            <dt>{t('payment.token')}</dt>
            <dd data-field="token">{tokenLabel(payment.tokenName, payment.tokenSymbol)}</dd>
          </>
        )}
        <dt>{t('payment.network')}</dt>
        <dd data-field="network">{facts.networkName}</dd>
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
      {payment.paymentType === 'single' && payment.feePlan && <p className="note">{t('payment.fee_note')}</p>}
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

/** The fee the payer adds (the fee plan's percentage, the amount from the record) and the total, when there is a fee. */
function FeeLines({ payment, symbol }: { payment: SecurePayment; symbol: string }) {
  const fee = payment.feePlan?.fees[0];
  if (!fee) return null;
  return (
    <>
      <dt>{t('payment.fee', { percent: `${fee.percentageBps / 100}%` })}</dt>
      <dd data-field="fee">
        {payment.feeAmount} {symbol}
      </dd>
      <dt>{t('payment.total')}</dt>
      <dd data-field="payer-total">
        {payment.payerTotalAmount} {symbol}
      </dd>
    </>
  );
}

/**
 * What the payer pays (`total`: amount plus any fee), in which token, on which network (`network`
 * the API's id the wallet code uses, `networkName` the one shown); a multicall: its payer total over every child.
 */
export function factsOf(payment: PaymentRecord): { amount: string; total: string; symbol: string; network: string; networkName: string } {
  if (payment.paymentType === 'single') {
    return {
      amount: payment.amount,
      total: payment.payerTotalAmount,
      symbol: payment.tokenSymbol || currencySymbol(payment.paymentCurrency),
      network: payment.network,
      networkName: payment.networkName,
    };
  }
  if (payment.paymentType === 'batch') return batchFacts(payment);
  const first = payment.totals.byDestinationCurrency[0];
  const network = first?.network ?? payment.children.find((c) => c.context.network)?.context.network ?? '';
  return {
    amount: payment.totals.amountSummary.payerTotal,
    total: payment.totals.amountSummary.payerTotal,
    symbol: currencySymbol(first?.currency ?? ''),
    network,
    networkName: network,
  };
}

/**
 * A batch link: the total of its unpaid payouts when they share one currency (added as 18-decimal
 * units, exact for every token), else the payouts' amounts side by side.
 */
function batchFacts(payment: BatchRecord): ReturnType<typeof factsOf> {
  const open = payment.amounts.filter((_, i) => !payment.hasBeenPaid[i]);
  const currencies = new Set(payment.paymentCurrencies);
  const where = { network: payment.network, networkName: payment.network };
  if (currencies.size !== 1) return { amount: open.join(' + '), total: open.join(' + '), symbol: '', ...where };
  const total = formatUnits(
    open.reduce((sum, a) => sum + parseUnits(a, 18), 0n),
    18,
  );
  return { amount: total, total, symbol: currencySymbol(payment.paymentCurrencies[0]), ...where };
}
