import { Button, Status } from '@payrail/web';
import { ReceiptFactList } from '../components/Receipt';
import { t } from '../messages';
import { paymentPath, receiptFactsOf } from '../pay/receipt';
import { usePageCalls, useSecurePayment } from '../queries/secure-payment';

/**
 * `/pay/<token>/receipt?clientId=`: the printable receipt of a paid link, read from the record like
 * the payment screen (so it states the same facts), with "Print or save as PDF" (the browser's
 * print dialog; page.css's print rules drop everything but the receipt).
 */
export function ReceiptScreen({ token, clientId }: { token: string; clientId: string }) {
  const calls = usePageCalls(token, clientId);
  const record = useSecurePayment(calls, token, clientId, undefined);
  if (record.isPending) return <Status>{t('page.loading')}</Status>;
  const facts = record.data && receiptFactsOf(record.data);
  if (!facts) {
    return (
      <section className="pr-card blocked">
        <h1>{t('receipt.none.title')}</h1>
        <p>{t('receipt.none.body')}</p>
        <a href={paymentPath(token, clientId)}>{t('receipt.back')}</a>
      </section>
    );
  }
  return (
    <article className="pr-card receipt receipt-print" aria-labelledby="receipt-print-title">
      <header className="merchant">
        {facts.logoUrl && <img className="logo" src={facts.logoUrl} alt="" />}
        <p className="merchant-name">{facts.merchant}</p>
      </header>
      <h1 id="receipt-print-title">{t('receipt.print_title')}</h1>
      <p className="receipt-total" data-field="receipt-total">
        {facts.amount}
      </p>
      <ReceiptFactList facts={facts} />
      <p className="note">{t('receipt.proof', { network: facts.network })}</p>
      <div className="receipt-actions">
        <Button onClick={() => window.print()}>{t('receipt.print')}</Button>
        <a href={paymentPath(token, clientId)}>{t('receipt.back')}</a>
      </div>
    </article>
  );
}
