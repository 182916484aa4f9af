import { Alert, Button, shortAddress, TronLinkWallet, tronWalletError } from '@payrail/web';
import { useMemo, useState } from 'react';
import type { PageCalls, SecurePayment } from '../api';
import { BalanceNotes } from '../components/BalanceNotes';
import { factsOf } from '../components/PaymentSummary';
import { t } from '../messages';
import { failureText } from '../pay/run-evm';
import { optionsOf } from '../pay/balances';
import { stepsOf } from '../pay/steps';
import { payabilityOf } from '../pay/wallet-check';
import { usePayAction, useWalletCheck, useWalletConnectedReport } from '../queries/secure-payment';
import { BlockedScreen } from '../screens/BlockedScreen';
import { runTronPayment } from './tron-payment';

interface Props {
  token: string;
  payment: SecurePayment;
  calls: PageCalls;
  progress: (text: string) => void;
  onSubmitted: (hash: string) => void;
}

/**
 * A Tron payment through a TronLink-compatible wallet (@payrail/web's TronLinkWallet: the maintained
 * TronLink adapter, TIP-6963 discovery, else window.tronLink): "Connect wallet", the wallet check,
 * then "Pay <amount> <symbol>" sending the two TRC-20 calls. Loaded only for Tron links (its own chunk).
 */
export default function TronPay({ token, payment, calls, progress, onSubmitted }: Props) {
  const wallet = useMemo(() => new TronLinkWallet(), []);
  const [address, setAddress] = useState<string>();
  const [connectFailure, setConnectFailure] = useState<string>();
  const [connecting, setConnecting] = useState(false);
  const facts = factsOf(payment);
  useWalletConnectedReport(calls, address, wallet.name);
  // A Tron wallet cannot prove control yet (the API's proof is EVM-only): a policy link refuses it.
  const check = useWalletCheck(calls, token, 'tron', address, () => Promise.reject(new Error(t('state.not_allowed.title'))));
  const answer = check.data && !check.data.blocked ? check.data.answer : undefined;
  const steps = answer ? stepsOf(answer) : [];
  const action = usePayAction(
    () => runTronPayment({ wallet, calls, address: address!, network: facts.network, symbol: facts.symbol, steps, progress }),
    onSubmitted,
    () => progress(''),
  );
  const connect = async () => {
    setConnectFailure(undefined);
    setConnecting(true);
    try {
      setAddress(await wallet.connect());
    } catch (error) {
      const problem = tronWalletError(error);
      setConnectFailure(problem.problem === 'not_found' ? t('tron.none') : t('wallet.failed', { reason: problem.message }));
    } finally {
      setConnecting(false);
    }
  };
  if (!address) {
    return (
      <section className="pr-card wallet">
        <Button disabled={connecting} onClick={() => void connect()}>
          {connecting ? t('wallet.connecting') : t('wallet.connect')}
        </Button>
        {connectFailure && <Alert>{connectFailure}</Alert>}
      </section>
    );
  }
  const connected = (
    <section className="pr-card wallet">
      <p data-field="wallet" title={address}>
        {t('wallet.connected', { address: shortAddress(address) })}
      </p>
      {check.isPending && <p className="note">{t('wallet.checking')}</p>}
      {check.isError && <Alert>{failureText(check.error)}</Alert>}
    </section>
  );
  if (!check.data) return connected;
  if (check.data.blocked) {
    if (check.data.blocked.kind === 'closed') return connected;
    const params: Record<string, string> =
      check.data.blocked.kind === 'not_allowed' ? { reason: check.data.blocked.reason } : { network: facts.networkName };
    return (
      <>
        {connected}
        <BlockedScreen kind={check.data.blocked.kind} level={2} params={params} retry={() => void check.refetch()} />
      </>
    );
  }
  const can = payabilityOf(check.data.answer, { kind: 'tron' });
  return (
    <>
      {connected}
      <section className="pr-card pay" aria-label={t('pay.action', facts)}>
        <BalanceNotes
          options={optionsOf(check.data.record)}
          network={facts.network}
          networkName={facts.networkName}
          symbol={facts.symbol}
          native="TRX"
          hasEnoughBalance={can.hasEnoughBalance}
          hasEnoughGas={can.hasEnoughGas}
        />
        {steps.length > 1 && <p className="steps">{t('pay.steps_hint', { steps: steps.length })}</p>}
        <Button disabled={!can.payable || action.busy} aria-busy={action.busy} onClick={action.pay}>
          {t('pay.action', facts)}
        </Button>
        {action.error && (
          <p className="pr-alert" role="alert">
            {failureText(action.error)}
          </p>
        )}
      </section>
    </>
  );
}
