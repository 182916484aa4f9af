import { paymentDetailRow } from '../lib/payment-details';
import { t } from '../messages';
import { usePayerPaymentDetails } from '../queries/payers';
import { QueryState } from './QueryState';

/** A payer's bank accounts (crypto-to-fiat payment details): bank, holder, masked number, currency, status. */
export function PayerPaymentDetails({ userId, clientUserId }: { userId: string; clientUserId: string }) {
  const query = usePayerPaymentDetails(userId, true);
  const rows = (query.data?.paymentDetails ?? []).map(paymentDetailRow);
  return (
    <div className="payment-details">
      <QueryState query={query} />
      {query.data && rows.length === 0 ? <p>{t('payers.details_empty')}</p> : null}
      {rows.length > 0 ? (
        <ul aria-label={t('payers.details_of', { user: clientUserId })}>
          {rows.map((r) => (
            <li key={r.id}>
              <strong>{r.bank}</strong> · {r.holder}
              <br />
              <span className="mono">{r.account}</span> · {r.currency} ·{' '}
              <span className="detail-status">{t(`payers.detail_${r.status}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
