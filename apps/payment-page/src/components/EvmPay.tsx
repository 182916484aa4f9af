import { Button, chainOfNetwork, walletProofMessage } from '@payrail/web';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useConfig, useConnection } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import type { PageCalls, PaymentRecord } from '../api';
import { failureText, runEvmPayment } from '../pay/run-evm';
import { fundsOf, stepsOf } from '../pay/steps';
import { checkWallet } from '../pay/wallet-check';
import { t } from '../messages';
import { BlockedScreen } from '../screens/BlockedScreen';
import { BalanceNotes } from './BalanceNotes';
import { ConnectWallet } from './ConnectWallet';
import { factsOf } from './PaymentSummary';

interface Props {
  token: string;
  payment: PaymentRecord;
  calls: PageCalls;
  progress: (text: string) => void;
  onSubmitted: (hash: string) => void;
  onClosed: () => void;
}

/**
 * An EVM payment: connect (EIP-6963 wallets), check the wallet (proof when the link has a policy,
 * balances, calldata), then the one primary action "Pay <amount> <symbol>" running every step.
 */
export function EvmPay({ token, payment, calls, progress, onSubmitted, onClosed }: Props) {
  const connection = useConnection();
  const config = useConfig();
  const facts = factsOf(payment);
  const chain = chainOfNetwork(facts.network);
  const account = connection.status === 'connected' ? connection.address : undefined;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (account) void calls.event('wallet_connected', account, { wallet_provider: connection.connector?.name }).catch(() => undefined);
  }, [account, calls, connection.connector?.name]);

  const check = useQuery({
    queryKey: ['wallet-check', token, account],
    enabled: !!account,
    staleTime: Infinity,
    retry: false,
    // The proof's "confirm in your wallet" note is cleared once the check is done, whatever its outcome.
    queryFn: () =>
      checkWallet(calls, account!, async () => {
        progress(t('wallet.verifying'));
        const timestamp = new Date().toISOString();
        const signature = await signMessage(config, {
          account: account!,
          message: walletProofMessage('view-secure-payment', token, timestamp),
        });
        return { 'x-wallet-proof': signature, 'x-wallet-proof-timestamp': timestamp };
      }).finally(() => progress('')),
  });
  useEffect(() => {
    if (check.data?.blocked?.kind === 'closed') onClosed();
  }, [check.data, onClosed]);

  if (!account) return <ConnectWallet />;
  if (check.isPending) return <ConnectWallet note={t('wallet.checking')} />;
  if (check.isError) return <ConnectWallet failure={failureText(check.error)} />;
  const result = check.data;
  if (result.blocked) {
    if (result.blocked.kind === 'closed') return null;
    const params: Record<string, string> =
      result.blocked.kind === 'not_allowed' ? { reason: result.blocked.reason } : { network: facts.network };
    return (
      <>
        <ConnectWallet />
        <BlockedScreen kind={result.blocked.kind} level={2} params={params} retry={() => void check.refetch()} />
      </>
    );
  }
  const funds = fundsOf(result.answer);
  const steps = stepsOf(result.answer);
  const payable = funds.hasEnoughBalance && funds.hasEnoughGas && !!chain;
  const pay = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const hash = await runEvmPayment({
        config,
        calls,
        account: account,
        chainId: chain!.id,
        network: facts.network,
        symbol: facts.symbol,
        paymentType: payment.paymentType,
        steps,
        progress,
      });
      onSubmitted(hash);
    } catch (error) {
      progress('');
      setFailure(failureText(error));
      setBusy(false);
    }
  };
  const options = 'paymentOptions' in result.record ? result.record.paymentOptions : undefined;
  return (
    <>
      <ConnectWallet />
      <section className="pr-card pay" aria-label={t('pay.action', facts)}>
        {connection.chainId !== chain?.id && <p className="note">{t('wallet.wrong_network', { network: facts.network })}</p>}
        <BalanceNotes
          options={options}
          network={facts.network}
          symbol={facts.symbol}
          native={chain?.nativeCurrency.symbol ?? 'ETH'}
          hasEnoughBalance={funds.hasEnoughBalance}
          hasEnoughGas={funds.hasEnoughGas}
        />
        {steps.length > 1 && <p className="steps">{t('pay.steps_hint', { steps: steps.length })}</p>}
        <Button disabled={!payable || busy} aria-busy={busy} onClick={() => void pay()}>
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
