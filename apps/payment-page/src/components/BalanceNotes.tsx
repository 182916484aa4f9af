import { Alert } from '@payrail/web';
import type { PaymentOptions } from '../api';
import { t } from '../messages';
import { balancesOf } from '../pay/balances';

/**
 * Says clearly when the balance or the gas is short (from the pay answer's checks and the
 * record's paymentOptions), and lists the wallet's balances on other networks as information.
 */
export function BalanceNotes(props: {
  options: PaymentOptions | undefined;
  network: string;
  /** The network's display name (from the API), for the messages. */
  networkName: string;
  symbol: string;
  native: string;
  hasEnoughBalance: boolean;
  hasEnoughGas: boolean;
}) {
  const { chain, own, others } = balancesOf(props.options, props.network, props.symbol);
  return (
    <>
      {!props.hasEnoughBalance && (
        <Alert>
          {own?.balance
            ? t('balance.short', { balance: own.balance, needed: own.neededAmount, symbol: props.symbol })
            : t('balance.short_unknown', { symbol: props.symbol })}
        </Alert>
      )}
      {props.hasEnoughBalance && !props.hasEnoughGas && <Alert>{t('balance.gas_short', { native: props.native })}</Alert>}
      {own?.unavailable && <p className="note">{t('balance.unavailable', { chain })}</p>}
      {others.length > 0 && (
        <div className="note">
          <p>{t('balance.other_chains', { network: props.networkName })}</p>
          <ul data-field="other-balances">
            {others.map((o) => (
              <li key={`${o.chain}-${o.token}`}>{t('balance.other_line', { token: o.token, chain: o.chain, balance: o.balance })}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
