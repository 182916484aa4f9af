import { currencySymbol, lookupMessage } from '@payrail/web';
import type { BatchRecord, MulticallState } from '../api';
import { MESSAGES, t } from '../messages';

/** The payouts of a multicall: every executable one is paid in the one batch; blocked ones are explained and left out. */
export function MulticallChildren({ payment, symbol }: { payment: MulticallState; symbol: string }) {
  const executable = payment.children.filter((c) => c.executable);
  const blocked = payment.children.filter((c) => !c.executable);
  return (
    <div className="children">
      <p>{t('multicall.count', { count: executable.length })}</p>
      <ul data-field="children">
        {executable.map((c) => (
          <li key={c.securePaymentToken}>
            <span>{t('multicall.child', { position: c.position + 1 })}</span>
            <span className="mono" title={c.payee ?? undefined}>
              {c.payee}
            </span>
            <span>
              {c.amount} {symbol}
            </span>
          </li>
        ))}
      </ul>
      {blocked.length > 0 && (
        <div className="blocked-children">
          <p>{t('multicall.blocked_count', { count: blocked.length })}</p>
          <ul data-field="blocked-children">
            {blocked.map((c) => (
              <li key={c.securePaymentToken}>
                {(c.messageKey && lookupMessage(MESSAGES, c.messageKey, { position: c.position + 1 })) ??
                  t('multicall.child.not_found', { position: c.position + 1 })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The payouts of a batch link (POST /v2/secure-payments/batch-payouts), all paid in its one batch transaction. */
export function BatchPayees({ payment }: { payment: BatchRecord }) {
  const open = payment.payees.map((payee, i) => ({ payee, i })).filter(({ i }) => !payment.hasBeenPaid[i]);
  return (
    <div className="children">
      <p>{t('multicall.count', { count: open.length })}</p>
      <ul data-field="children">
        {open.map(({ payee, i }) => (
          <li key={payment.requestIds[i]}>
            <span>{t('multicall.child', { position: i + 1 })}</span>
            <span className="mono" title={payee}>
              {payee}
            </span>
            <span>
              {payment.amounts[i]} {currencySymbol(payment.paymentCurrencies[i])}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
