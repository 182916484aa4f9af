import { Alert, errorMessageOf, originHeader, Status } from '@payrail/web';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type SecurePayment, useApi } from '../api';
import { PaymentSummary } from '../components/PaymentSummary';
import { ConnectWallet } from '../components/ConnectWallet';
import { t } from '../messages';

/** The secure payment record (GET /v2/secure-payments/{token}) and the wallet connection. */
export function PaymentScreen({ token, clientId }: { token: string; clientId: string }) {
  const { api } = useApi();
  const payment = useQuery({
    queryKey: ['secure-payment', token, clientId],
    queryFn: async (): Promise<SecurePayment> => {
      const { data, error, response } = await api.GET('/v2/secure-payments/{token}', {
        params: { path: { token }, header: originHeader() },
        headers: { 'x-client-id': clientId },
      });
      if (!data) throw new Error(errorMessageOf(error) ?? `HTTP ${response.status}`);
      if (data.paymentType !== 'single') throw new Error(t('page.multicall_unsupported'));
      return data;
    },
  });
  useBranding(payment.data);
  if (payment.isPending) return <Status>{t('page.loading')}</Status>;
  if (payment.isError) return <Alert>{t('page.load_failed', { reason: payment.error.message })}</Alert>;
  return (
    <div className="payment">
      <PaymentSummary payment={payment.data} />
      <ConnectWallet />
    </div>
  );
}

/** The platform's colours as CSS variables over the design tokens, on the whole document (unset fields keep the tokens). */
function useBranding(payment: SecurePayment | undefined): void {
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
