import type { TronLinkWallet } from '@payrail/web';
import type { PageCalls } from '../api';
import { t } from '../messages';
import { orderedReports } from '../pay/reports';
import type { PayStep } from '../pay/steps';

/** The part of the TronWeb a TronLink-compatible wallet injects that the page uses to build and send calls. */
interface InjectedTronWeb {
  transactionBuilder: {
    triggerSmartContract(
      contract: string,
      functionSelector: string,
      options: { feeLimit: number; callValue: number },
      parameters: { type: string; value: string }[],
      issuer: string,
    ): Promise<{ result?: { result?: boolean }; transaction: unknown }>;
  };
  trx: {
    getTransactionInfo(txid: string): Promise<{ blockNumber?: number; receipt?: { result?: string } }>;
  };
}

/** TronLink's TronWeb (window.tronLink.tronWeb, else the legacy window.tronWeb). */
export function injectedTronWeb(): InjectedTronWeb | undefined {
  const w = window as unknown as { tronLink?: { tronWeb?: InjectedTronWeb }; tronWeb?: InjectedTronWeb };
  return w.tronLink?.tronWeb ?? w.tronWeb;
}

export interface TronPayment {
  wallet: TronLinkWallet;
  calls: PageCalls;
  address: string;
  network: string;
  symbol: string;
  steps: PayStep[];
  progress: (text: string) => void;
}

/**
 * The two TRC-20 calls of a Tron payment (approve, then transferFromWithReferenceAndFee), each
 * built by the wallet's TronWeb (triggerSmartContract with the API's selector, parameters and fee
 * limit), signed through the TronLink wallet and relayed by the API (POST .../tron/broadcast, which
 * checks it is this payment's own call); the approval is waited for before the
 * payment. Reports the same user events and intent as an EVM payment; answers the payment's id.
 */
export async function runTronPayment(p: TronPayment): Promise<string> {
  const tronWeb = injectedTronWeb();
  if (!tronWeb) throw new Error(t('tron.none'));
  const properties = { payment_type: 'single', selected_source_chain: p.network.toUpperCase() };
  const report = orderedReports();
  let paid: string | undefined;
  for (const [i, step] of p.steps.entries()) {
    if (!step.tron) throw new Error('the API answered a transaction without its Tron call');
    const label = { step: i + 1, steps: p.steps.length, symbol: p.symbol };
    p.progress(t(step.kind === 'pay' ? 'pay.step_pay' : 'pay.step_approve', label));
    if (step.kind === 'pay') report(() => p.calls.event('payment_sent_to_wallet', p.address, properties));
    const built = await tronWeb.transactionBuilder.triggerSmartContract(
      step.to,
      step.tron.functionSelector,
      { feeLimit: step.tron.feeLimit, callValue: 0 },
      step.tron.parameters,
      p.address,
    );
    const signed = await p.wallet.signTransaction(built.transaction);
    // Relayed by the API (tron/broadcast), which checks the call is this payment's, not broadcast by the wallet.
    const sent = await p.calls.tronBroadcast(signed);
    if (!sent.result || !sent.txid) throw new Error(sent.message ?? sent.code ?? 'the network refused the transaction');
    if (step.kind === 'approve') {
      p.progress(t('pay.step_approve_mining', label));
      await mined(tronWeb, sent.txid);
      continue;
    }
    paid = sent.txid;
    report(() =>
      p.calls.event('payment_approved_in_wallet', p.address, {
        ...properties,
        payment_submission_id: sent.txid,
        payment_submission_id_type: 'transaction_id',
      }),
    );
  }
  if (!paid) throw new Error('the API answered no payment transaction');
  await p.calls.intent(paid, p.network, p.address);
  p.progress(t('pay.submitted'));
  return paid;
}

/** Waits (up to 2 minutes) until the transaction is in a block; a failed one throws. */
async function mined(tronWeb: InjectedTronWeb, txid: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const info = await tronWeb.trx.getTransactionInfo(txid);
    if (info.blockNumber) {
      if (info.receipt?.result && info.receipt.result !== 'SUCCESS')
        throw new Error(`the approval ${txid} failed (${info.receipt.result})`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the approval ${txid} was not confirmed within 2 minutes`);
}
