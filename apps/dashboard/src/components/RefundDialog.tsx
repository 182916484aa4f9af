import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../forms/Field';
import { createRefundBody, refundForm, type RefundFormValues } from '../forms/refund-body';
import { t } from '../messages';
import { useCreateRefund, useRefunds } from '../queries/refunds';

export interface RefundDialogProps {
  requestId: string;
  /** The payment currency (what was paid, and what the refund gives back). */
  currency: string;
  /** Set by a screen resolving a payment exception with a refund (the Exceptions screen). */
  exceptionId?: string;
  /** Accessible name of the button where several are on one screen (it starts with the visible `Refund`). */
  label?: string;
  /**
   * Set when the request has a deposit address: the dialog then offers "Refund from" the payee's
   * wallet or the deposit address (funds its forwarder holds above the payment, e.g. an overpayment).
   */
  depositAddress?: string;
}

/**
 * "Refund" and its dialog (a native modal <dialog>: focus moves in, Escape closes it, focus returns
 * to the button): an amount (empty: everything still refundable) and a refund address (empty: the
 * wallet that paid). Submitting creates the refund with one Idempotency-Key per opening; when the
 * connected wallet is the payee's, it signs and sends the refund's transactions, then the dialog
 * shows the refund's status as detection moves it (submitted, confirmed). A `deposit_forwarder`
 * refund (chosen under "Refund from", or decided by the exception's kind) is signed instead
 * (EIP-712, by the payee's wallet only) and sent by the platform's relayer; with another wallet the
 * dialog says the payee's must sign. Exported for the Exceptions screen (pass `exceptionId`).
 */
export function RefundDialog({ requestId, currency, exceptionId, label, depositAddress }: RefundDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [key, setKey] = useState('');
  const create = useCreateRefund(requestId);
  const refunds = useRefunds(requestId);
  const form = useForm<RefundFormValues>({
    resolver: zodResolver(refundForm),
    defaultValues: { amount: '', refundAddress: '', source: 'payee_wallet' },
  });
  const open = () => {
    setKey(crypto.randomUUID());
    create.reset();
    form.reset();
    dialog.current?.showModal();
  };
  const submit = form.handleSubmit((values) =>
    create.mutate({ key, body: { ...createRefundBody(values), ...(exceptionId ? { exceptionId } : {}) } }),
  );
  const outcome = create.data;
  const created = outcome?.refund;
  const current = created && (refunds.data?.refunds.find((r) => r.id === created.id) ?? created);
  return (
    <>
      <Button onClick={open} aria-label={label}>
        {t('refund.open')}
      </Button>
      <dialog ref={dialog} aria-labelledby="refund-title" className="pr-card refund-dialog">
        <h2 id="refund-title">{t('refund.title')}</h2>
        <p>{t('refund.intro', { currency })}</p>
        <form className="form-grid" onSubmit={(e) => void submit(e)} aria-labelledby="refund-title">
          {depositAddress && !exceptionId && (
            <fieldset className="refund-source">
              <legend>{t('refund.source')}</legend>
              <label>
                <input type="radio" value="payee_wallet" {...form.register('source')} /> {t('refund.source_payee')}
              </label>
              <label>
                <input type="radio" value="deposit_forwarder" {...form.register('source')} /> {t('refund.source_forwarder')}
              </label>
            </fieldset>
          )}
          <Field
            control={form.control}
            name="amount"
            label={t('refund.amount', { currency })}
            inputMode="decimal"
            hint={t(exceptionId ? 'refund.amount_hint_exception' : 'refund.amount_hint')}
          />
          <Field
            control={form.control}
            name="refundAddress"
            label={t('refund.address')}
            autoComplete="off"
            hint={t('refund.address_hint')}
          />
          <Button type="submit" disabled={create.isPending || created !== undefined}>
            {create.isPending ? t('refund.pending') : t('refund.submit')}
          </Button>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t('refund.close')}
          </Button>
        </form>
        {create.error && <Alert>{t('refund.failed', { reason: create.error.message })}</Alert>}
        {current && (
          <div role="status" className="created">
            <p>{t('refund.created', { amount: current.amount, currency: current.currency, to: current.to })}</p>
            <p>
              {t('refund.status')}: <strong data-field="refund-status">{current.status}</strong>
            </p>
            {current.source === 'deposit_forwarder' ? (
              <p>{outcome?.signed ? t('refund.signed') : t('refund.sign_payee', { payee: outcome?.payee ?? '' })}</p>
            ) : (
              outcome?.sent === undefined &&
              current.status === 'awaiting_signature' && <p>{t('refund.sign_elsewhere', { from: current.from })}</p>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
