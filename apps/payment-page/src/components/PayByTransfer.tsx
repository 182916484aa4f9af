import { Button } from '@payrail/web';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PageCalls, PaymentRecord } from '../api';
import { t } from '../messages';
import { eip681Uri, sweptTransactionOf, transferConfirmationsOf, transferProgressOf } from '../pay/transfer';
import { factsOf } from './PaymentSummary';

/** How often the open transfer panel reads the record (received so far, the sweep). */
const TRANSFER_POLL_MS = 1500;

interface Props {
  payment: PaymentRecord;
  calls: PageCalls;
  /** The sweep's transaction (the fee-proxy payment): the screen then tracks it to `Payment complete` as a wallet payment. */
  onSubmitted: (hash: string) => void;
}

/**
 * "Pay from another wallet or exchange" (pay by transfer): the exact amount and token, the network
 * with its warning, the deposit address and an EIP-681 QR code, then the deposit's progress until the
 * sweep is sent. Only for a single payment whose record carries `deposit`.
 */
export function PayByTransfer({ payment, calls, onSubmitted }: Props) {
  const [open, setOpen] = useState(false);
  const progress = useQuery({
    queryKey: ['transfer-progress', payment.paymentType === 'single' ? payment.requestIds[0] : ''],
    queryFn: () => calls.record(),
    enabled: open,
    refetchInterval: TRANSFER_POLL_MS,
  });
  const record = progress.data ?? payment;
  const deposit = record.paymentType === 'single' ? record.deposit : undefined;
  const hash = sweptTransactionOf(deposit);
  useEffect(() => {
    if (hash) onSubmitted(hash);
  }, [hash, onSubmitted]);
  if (!deposit) return null;
  const facts = factsOf(payment);
  const status = transferProgressOf(deposit);
  const confirmations = transferConfirmationsOf(deposit);
  return (
    <section className="pr-card transfer">
      <Button variant="secondary" aria-expanded={open} aria-controls="transfer-details" onClick={() => setOpen(!open)}>
        {t('transfer.open')}
      </Button>
      {open && (
        <div id="transfer-details" role="region" aria-label={t('transfer.region')}>
          <dl className="facts">
            <dt>{t('transfer.amount')}</dt>
            <dd>
              <span data-field="transfer-amount">
                {deposit.amount} {facts.symbol}
              </span>{' '}
              <CopyButton text={deposit.amount} label={t('transfer.copy_amount')} />
            </dd>
            <dt>{t('payment.network')}</dt>
            <dd data-field="transfer-network">{t('transfer.network', { network: facts.networkName, chainId: String(deposit.chainId) })}</dd>
            <dt id="deposit-address-label">{t('transfer.address')}</dt>
            <dd aria-labelledby="deposit-address-label" data-field="deposit-address" className="address">
              {deposit.address}
            </dd>
          </dl>
          <CopyButton text={deposit.address} label={t('transfer.copy_address')} />
          <p className="pr-alert" role="note">
            {t('transfer.network_warning', { network: facts.networkName, symbol: facts.symbol })}
          </p>
          <QrImage uri={eip681Uri(deposit)} />
          <p role="status" aria-live="polite" data-field="transfer-progress">
            {t(status.key, status.values)}
            {confirmations && (
              <>
                {' '}
                <span data-field="transfer-confirmations">{t('transfer.confirmations', confirmations)}</span>
              </>
            )}
          </p>
        </div>
      )}
    </section>
  );
}

/** The QR code of `uri`, drawn in the browser (qrcode, loaded when the panel first opens: not in the page's first load). */
function QrImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img className="qr" src={src} alt={t('transfer.qr_alt')} width={220} height={220} data-uri={uri} /> : null;
}

/** Copies `text`; says so for two seconds. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
      {copied ? t('transfer.copied') : label}
    </Button>
  );
}
