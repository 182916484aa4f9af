import type { Config } from 'wagmi';
import { getChainId, sendTransaction, switchChain, waitForTransactionReceipt } from 'wagmi/actions';
import type { PageCalls } from '../api';
import { t } from '../messages';
import { orderedReports } from './reports';
import type { PayStep } from './steps';

export interface EvmPayment {
  config: Config;
  calls: PageCalls;
  account: `0x${string}`;
  chainId: number;
  network: string;
  /** The network's display name (from the API), for the messages. */
  networkName: string;
  symbol: string;
  paymentType: 'single' | 'multicall' | 'batch';
  steps: PayStep[];
  progress: (text: string) => void;
}

/**
 * The one primary action: switches the wallet to the payment's chain, then sends every step in
 * order ("Step 1 of 2": the approval, mined before the payment is sent, then the payment),
 * reports `payment_sent_to_wallet` / `payment_approved_in_wallet` around the payment and the
 * intent once its hash is known. Answers the payment's hash; settlement is detection's.
 */
export async function runEvmPayment(p: EvmPayment): Promise<string> {
  if (getChainId(p.config) !== p.chainId) {
    p.progress(t('pay.switching', { network: p.networkName }));
    await switchChain(p.config, { chainId: p.chainId });
  }
  const properties = { payment_type: p.paymentType, selected_source_chain: p.network.toUpperCase() };
  const report = orderedReports();
  let paid: string | undefined;
  for (const [i, step] of p.steps.entries()) {
    const label = { step: i + 1, steps: p.steps.length, symbol: p.symbol };
    if (step.kind === 'pay') {
      p.progress(t('pay.step_pay', label));
      report(() => p.calls.event('payment_sent_to_wallet', p.account, properties));
    } else {
      p.progress(t('pay.step_approve', label));
    }
    const hash = await sendTransaction(p.config, {
      account: p.account,
      chainId: p.chainId,
      to: step.to as `0x${string}`,
      data: step.data as `0x${string}`,
      value: step.value,
    });
    if (step.kind === 'approve') {
      p.progress(t('pay.step_approve_mining', label));
      const receipt = await waitForTransactionReceipt(p.config, { hash, chainId: p.chainId });
      if (receipt.status !== 'success') throw new Error(`the approval ${hash} reverted`);
      continue;
    }
    paid = hash;
    report(() =>
      p.calls.event('payment_approved_in_wallet', p.account, {
        ...properties,
        payment_submission_id: hash,
        payment_submission_id_type: 'transaction_hash',
      }),
    );
  }
  if (!paid) throw new Error('the API answered no payment transaction');
  await p.calls.intent(paid, p.network, p.account);
  p.progress(t('pay.submitted'));
  return paid;
}

/** A sentence for a failed payment: a rejection in the wallet is said as such. */
export function failureText(error: unknown): string {
  const e = error as { name?: string; code?: number; shortMessage?: string; message?: string; cause?: { code?: number } };
  if (e.name === 'UserRejectedRequestError' || e.code === 4001 || e.cause?.code === 4001) return t('pay.rejected');
  return t('pay.failed', { reason: (e.shortMessage ?? e.message ?? String(error)).replace(/\.$/, '') });
}
