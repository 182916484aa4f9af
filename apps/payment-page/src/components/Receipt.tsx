import { t } from '../messages';
import { type ReceiptFacts, receiptPath } from '../pay/receipt';

/** The facts of a receipt as a description list; the card and the printable page both use it. */
export function ReceiptFactList({ facts }: { facts: ReceiptFacts }) {
  return (
    <dl>
      <dt>{t('receipt.amount')}</dt>
      <dd data-field="receipt-amount">{facts.amount}</dd>
      {facts.fee && (
        <>
          <dt>{t('receipt.fee')}</dt>
          <dd data-field="receipt-fee">{facts.fee}</dd>
        </>
      )}
      <dt>{t('receipt.token')}</dt>
      <dd data-field="receipt-token">{facts.token}</dd>
      <dt>{t('receipt.network')}</dt>
      <dd data-field="receipt-network">{facts.network}</dd>
      <dt>{t('receipt.merchant')}</dt>
      <dd data-field="receipt-merchant">{facts.merchant}</dd>
      <dt>{t('receipt.payee')}</dt>
      <dd data-field="receipt-payee" className="mono">
        {facts.payee}
      </dd>
      {facts.reference && (
        <>
          <dt>{t('receipt.reference')}</dt>
          <dd data-field="receipt-reference">{facts.reference}</dd>
        </>
      )}
      <dt>{t('receipt.time')}</dt>
      <dd data-field="receipt-time">{facts.paidAt}</dd>
      <dt>{t('receipt.tx')}</dt>
      <dd data-field="receipt-tx" className="mono">
        {facts.explorerUrl ? (
          <a href={facts.explorerUrl} target="_blank" rel="noopener noreferrer" aria-label={t('receipt.explorer', { hash: facts.txHash })}>
            {facts.txHash}
          </a>
        ) : (
          facts.txHash
        )}
      </dd>
    </dl>
  );
}

/** After "Payment complete" (or on a paid link read again): the receipt and the way to its printable page. */
export function Receipt({ facts, token, clientId }: { facts: ReceiptFacts; token: string; clientId: string }) {
  return (
    <section className="pr-card receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t('receipt.title')}</h2>
      <ReceiptFactList facts={facts} />
      <a className="receipt-download" href={receiptPath(token, clientId)}>
        {t('receipt.download')}
      </a>
    </section>
  );
}
