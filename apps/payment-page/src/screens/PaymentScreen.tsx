import { Alert, Button, Status } from '@payrail/web';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { PaymentRecord } from '../api';
import { EvmPay } from '../components/EvmPay';
import { BatchPayees, MulticallChildren } from '../components/MulticallChildren';
import { factsOf, PaymentSummary } from '../components/PaymentSummary';
import { Receipt } from '../components/Receipt';
import { t } from '../messages';
import { pageStepOf } from '../pay/page-step';
import { receiptFactsOf } from '../pay/receipt';
import { usePageCalls, useSecurePayment } from '../queries/secure-payment';
import { BlockedScreen } from './BlockedScreen';

// The Tron wallet adapter is only fetched for a Tron link: EVM payers never download it.
const TronPay = lazy(() => import('../tron/TronPay'));

/**
 * The secure payment (GET /v2/secure-payments/{token}): a screen per final state, else the summary
 * and the pay flow (EVM or Tron), with one `role="status"` region announcing progress and, at the
 * end, "Payment complete", the receipt (also on a paid link opened again) and the link's redirect
 * button. Which of these shows is pageStepOf's.
 */
export function PaymentScreen({ token, clientId }: { token: string; clientId: string }) {
  const calls = usePageCalls(token, clientId);
  const [submitted, setSubmitted] = useState<string>();
  const [progress, setProgress] = useState('');
  const record = useSecurePayment(calls, token, clientId, submitted);
  const { refetch } = record;
  const reload = useCallback(() => void refetch(), [refetch]);
  useBranding(record.data);
  const step = pageStepOf({ record: record.data, error: record.error, pending: record.isPending, submitted });
  if (step.step === 'loading') return <Status>{t('page.loading')}</Status>;
  if (step.step === 'not_found') return <BlockedNotFound />;
  if (step.step === 'load_failed') return <Alert>{t('page.load_failed', { reason: step.reason })}</Alert>;
  const payment = record.data!;
  const done = payment.status === 'completed';
  const facts = factsOf(payment);
  // The receipt comes from the record, so a payer who reloads a paid link (the "completed" screen) still has it.
  const paid = (step.step === 'tracking' && step.done) || (step.step === 'final' && step.state === 'completed');
  const receipt = paid ? receiptFactsOf(payment) : undefined;
  const summary = (
    <PaymentSummary payment={payment} onExpired={reload}>
      {payment.paymentType === 'multicall' && <MulticallChildren payment={payment} symbol={facts.symbol} />}
      {payment.paymentType === 'batch' && <BatchPayees payment={payment} />}
    </PaymentSummary>
  );
  let body;
  if (step.step === 'final') {
    body = <BlockedScreen kind={step.state} />;
  } else if (step.step === 'tracking') {
    body = summary;
  } else if (step.rail === 'tron' && payment.paymentType === 'single') {
    body = (
      <>
        {summary}
        <Suspense fallback={<p>{t('page.loading')}</p>}>
          <TronPay token={token} payment={payment} calls={calls} progress={setProgress} onSubmitted={setSubmitted} />
        </Suspense>
      </>
    );
  } else {
    body = (
      <>
        {summary}
        <EvmPay token={token} payment={payment} calls={calls} progress={setProgress} onSubmitted={setSubmitted} onClosed={reload} />
      </>
    );
  }
  return (
    <div className="payment">
      {body}
      <div className={done ? 'outcome done' : 'outcome'}>
        <Status>{done ? t('pay.complete') : progress}</Status>
        {receipt && <Receipt facts={receipt} token={token} clientId={clientId} />}
        {paid && payment.redirectUrl && <Redirect payment={payment} />}
      </div>
    </div>
  );
}

function BlockedNotFound() {
  return (
    <section className="pr-card blocked">
      <h1>{t('page.not_found.title')}</h1>
      <p>{t('page.not_found.body')}</p>
    </section>
  );
}

function Redirect({ payment }: { payment: PaymentRecord }) {
  return <Button onClick={() => window.location.assign(payment.redirectUrl!)}>{payment.redirectLabel ?? t('redirect.default')}</Button>;
}

/** The platform's colours as CSS variables over the design tokens, on the whole document (unset fields keep the tokens). */
function useBranding(payment: PaymentRecord | undefined): void {
  useEffect(() => {
    const b = payment?.branding;
    if (!b) return;
    const vars: [string, string | null][] = [
      ['--color-page', b.pageBackgroundColor],
      ['--color-surface', b.cardBackgroundColor],
      ['--color-primary', b.primaryActionColor],
      ['--color-text', b.primaryTextColor],
      ['--color-text-muted', b.secondaryTextColor],
    ];
    const root = document.documentElement.style;
    for (const [name, value] of vars) if (value) root.setProperty(name, value);
    return () => vars.forEach(([name]) => root.removeProperty(name));
  }, [payment?.branding]);
}
