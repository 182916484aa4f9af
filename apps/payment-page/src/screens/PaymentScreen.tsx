import { Alert, ApiError, Button, Status } from '@payrail/web';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { pageCalls, type PaymentRecord, useApi } from '../api';
import { EvmPay } from '../components/EvmPay';
import { MulticallChildren } from '../components/MulticallChildren';
import { factsOf, PaymentSummary } from '../components/PaymentSummary';
import { t } from '../messages';
import { BlockedScreen } from './BlockedScreen';

// The Tron wallet adapter is only fetched for a Tron link: EVM payers never download it.
const TronPay = lazy(() => import('../tron/TronPay'));

/** While a submitted payment settles, the record is read every second (so "Payment complete" shows within 2 s of settlement). */
const TRACKING_POLL_MS = 1000;
/** Otherwise now and then, so a payment completed, expired or cancelled elsewhere shows here. */
const IDLE_POLL_MS = 15000;

/**
 * The secure payment (GET /v2/secure-payments/{token}): a screen per final state, else the summary
 * and the pay flow (EVM or Tron), with one `role="status"` region announcing progress and, at the
 * end, "Payment complete" and the link's redirect button.
 */
export function PaymentScreen({ token, clientId }: { token: string; clientId: string }) {
  const { api } = useApi();
  const calls = useMemo(() => pageCalls(api, token, clientId), [api, token, clientId]);
  const [submitted, setSubmitted] = useState<string>();
  const [progress, setProgress] = useState('');
  const record = useQuery({
    queryKey: ['secure-payment', token, clientId],
    queryFn: () => calls.record(),
    refetchInterval: submitted ? TRACKING_POLL_MS : IDLE_POLL_MS,
  });
  const { refetch } = record;
  const reload = useCallback(() => void refetch(), [refetch]);
  useBranding(record.data);
  const payment = record.data;
  if (record.isPending) return <Status>{t('page.loading')}</Status>;
  if (!payment) {
    const error = record.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return <BlockedNotFound />;
    return <Alert>{t('page.load_failed', { reason: error?.message.replace(/\.$/, '') ?? '' })}</Alert>;
  }
  const status = payment.status;
  const done = status === 'completed';
  const facts = factsOf(payment);
  const summary = (
    <PaymentSummary payment={payment} onExpired={reload}>
      {payment.paymentType === 'multicall' && <MulticallChildren payment={payment} symbol={facts.symbol} />}
    </PaymentSummary>
  );
  let body;
  if (done && submitted) {
    body = summary;
  } else if (done || status === 'expired' || status === 'invalidated' || status === 'compliance_failed') {
    body = <BlockedScreen kind={status} />;
  } else if (submitted) {
    body = summary;
  } else if (payment.paymentType === 'single' && payment.network === 'tron') {
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
        {done && submitted && payment.redirectUrl && <Redirect payment={payment} />}
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
