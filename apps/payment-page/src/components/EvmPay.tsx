import { Button, chainOfNetwork, walletProofMessage } from '@payrail/web';
import { useEffect } from 'react';
import { useConfig, useConnection } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import type { PageCalls, PaymentRecord } from '../api';
import { t } from '../messages';
import { optionsOf } from '../pay/balances';
import { failureText, runEvmPayment } from '../pay/run-evm';
import { stepsOf } from '../pay/steps';
import { payabilityOf } from '../pay/wallet-check';
import { usePayAction, useWalletCheck, useWalletConnectedReport } from '../queries/secure-payment';
import { BlockedScreen } from '../screens/BlockedScreen';
import { BalanceNotes } from './BalanceNotes';
import { ConnectWallet } from './ConnectWallet';
import { PayByTransfer } from './PayByTransfer';
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
  useWalletConnectedReport(calls, account, connection.connector?.name);

  // The proof's "confirm in your wallet" note is cleared once the check is done, whatever its outcome.
  const check = useWalletCheck(
    calls,
    token,
    'evm',
    account,
    async () => {
      progress(t('wallet.verifying'));
      const timestamp = new Date().toISOString();
      const signature = await signMessage(config, {
        account: account!,
        message: walletProofMessage('view-secure-payment', token, timestamp),
      });
      return { 'x-wallet-proof': signature, 'x-wallet-proof-timestamp': timestamp };
    },
    () => progress(''),
  );
  useEffect(() => {
    if (check.data?.blocked?.kind === 'closed') onClosed();
  }, [check.data, onClosed]);
  const answer = check.data && !check.data.blocked ? check.data.answer : undefined;
  const steps = answer ? stepsOf(answer) : [];
  const action = usePayAction(
    () =>
      runEvmPayment({
        config,
        calls,
        account: account!,
        chainId: chain!.id,
        network: facts.network,
        networkName: facts.networkName,
        symbol: facts.symbol,
        paymentType: payment.paymentType,
        steps,
        progress,
      }),
    onSubmitted,
    () => progress(''),
  );

  if (!account) {
    return (
      <>
        <ConnectWallet />
        <PayByTransfer payment={payment} calls={calls} onSubmitted={onSubmitted} />
      </>
    );
  }
  if (check.isPending) return <ConnectWallet note={t('wallet.checking')} />;
  if (check.isError) return <ConnectWallet failure={failureText(check.error)} />;
  const result = check.data;
  if (result.blocked) {
    if (result.blocked.kind === 'closed') return null;
    const params: Record<string, string> =
      result.blocked.kind === 'not_allowed' ? { reason: result.blocked.reason } : { network: facts.networkName };
    return (
      <>
        <ConnectWallet />
        <BlockedScreen kind={result.blocked.kind} level={2} params={params} retry={() => void check.refetch()} />
      </>
    );
  }
  const can = payabilityOf(result.answer, { kind: 'evm', chainId: chain?.id, walletChainId: connection.chainId });
  return (
    <>
      <ConnectWallet />
      <section className="pr-card pay" aria-label={t('pay.action', facts)}>
        {can.wrongChain && <p className="note">{t('wallet.wrong_network', { network: facts.networkName })}</p>}
        <BalanceNotes
          options={optionsOf(result.record)}
          network={facts.network}
          networkName={facts.networkName}
          symbol={facts.symbol}
          native={chain?.nativeCurrency.symbol ?? 'ETH'}
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
