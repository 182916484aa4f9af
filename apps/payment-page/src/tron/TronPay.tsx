import { Alert, Button, shortAddress, TronLinkWallet, tronWalletError } from '@payrail/web';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PageCalls, SecurePayment } from '../api';
import { BalanceNotes } from '../components/BalanceNotes';
import { factsOf } from '../components/PaymentSummary';
import { t } from '../messages';
import { failureText } from '../pay/run-evm';
import { fundsOf, stepsOf } from '../pay/steps';
import { checkWallet } from '../pay/wallet-check';
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
  const [address, setAddress] = useState<string | null>(null);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const facts = factsOf(payment);
  const check = useQuery({
    queryKey: ['tron-wallet-check', token, address],
    enabled: !!address,
    staleTime: Infinity,
    retry: false,
    // A Tron wallet cannot prove control yet (the API's proof is EVM-only): a policy link refuses it.
    queryFn: () => checkWallet(calls, address!, () => Promise.reject(new Error(t('state.not_allowed.title')))),
  });
  const connect = async () => {
    setFailure(undefined);
    setBusy(true);
    try {
      const connected = await wallet.connect();
      setAddress(connected);
      void calls.event('wallet_connected', connected, { wallet_provider: wallet.name }).catch(() => undefined);
    } catch (error) {
      const problem = tronWalletError(error);
      setFailure(problem.problem === 'not_found' ? t('tron.none') : t('wallet.failed', { reason: problem.message }));
    } finally {
      setBusy(false);
    }
  };
  if (!address) {
    return (
      <section className="pr-card wallet">
        <Button disabled={busy} onClick={() => void connect()}>
          {busy ? t('wallet.connecting') : t('wallet.connect')}
        </Button>
        {failure && <Alert>{failure}</Alert>}
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
      check.data.blocked.kind === 'not_allowed' ? { reason: check.data.blocked.reason } : { network: facts.network };
    return (
      <>
        {connected}
        <BlockedScreen kind={check.data.blocked.kind} level={2} params={params} retry={() => void check.refetch()} />
      </>
    );
  }
  const { answer, record } = check.data;
  const funds = fundsOf(answer);
  const steps = stepsOf(answer);
  const pay = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      onSubmitted(await runTronPayment({ wallet, calls, address, network: facts.network, symbol: facts.symbol, steps, progress }));
    } catch (error) {
      progress('');
      setFailure(failureText(error));
      setBusy(false);
    }
  };
  const options = 'paymentOptions' in record ? record.paymentOptions : undefined;
  return (
    <>
      {connected}
      <section className="pr-card pay" aria-label={t('pay.action', facts)}>
        <BalanceNotes
          options={options}
          network={facts.network}
          symbol={facts.symbol}
          native="TRX"
          hasEnoughBalance={funds.hasEnoughBalance}
          hasEnoughGas={funds.hasEnoughGas}
        />
        {steps.length > 1 && <p className="steps">{t('pay.steps_hint', { steps: steps.length })}</p>}
        <Button disabled={!funds.hasEnoughBalance || busy} aria-busy={busy} onClick={() => void pay()}>
          {t('pay.action', facts)}
        </Button>
        {failure && (
          <p className="pr-alert" role="alert">
            {failure}
          </p>
        )}
      </section>
    </>
  );
}
