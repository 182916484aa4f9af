import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Config, useConfig } from 'wagmi';
import { connect, getConnection, getConnectors } from 'wagmi/actions';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import { sendFromWallet } from '../session/send-transactions';
import { signFromWallet } from '../session/sign-typed-data';
import { exceptionKeys } from './exceptions';

export type Refund = PaymentsSchemas['RefundDto'];

/** Query keys of a request's refunds. */
export const refundKeys = { of: (requestId: string) => ['refunds', requestId] as const };

const settled = (r: Refund) => r.status === 'confirmed' || r.status === 'failed' || r.status === 'cancelled';

/** A request's refunds; read again every 2 s while one is on its way (detection moves it). */
export function useRefunds(requestId: string) {
  const { payments } = useApis();
  return useQuery({
    queryKey: refundKeys.of(requestId),
    queryFn: () => must(payments.GET('/v2/request/{requestId}/refunds', { params: { path: { requestId } } })),
    refetchInterval: (query) => (query.state.data?.refunds.every(settled) === false ? 2000 : false),
  });
}

/** The API's `value` (`{type: "BigNumber", hex}` or 0) as the wallet takes it. */
const valueOf = (value: Refund['transactions'][number]['value']): string => (typeof value === 'number' ? String(value) : value.hex);

/**
 * The browser wallet connected for sending (after a reload the session is there but the wallet is
 * not): the first EIP-6963 wallet, as sign-in picks it. A declined or missing wallet leaves the
 * refund waiting for the payee's signature.
 */
async function connectWallet(config: Config): Promise<void> {
  if (getConnection(config).status === 'connected') return;
  const connectors = getConnectors(config);
  const wallet = connectors.find((c) => c.type === 'injected' && c.id !== 'injected') ?? connectors.find((c) => c.type === 'injected');
  if (!wallet) return;
  await connect(config, { connector: wallet }).catch(() => undefined);
}

/** What "Refund" did: the refund as last answered; `sent` the hashes the payee's wallet sent, `signed` whether it signed a forwarder refund, `payee` who must sign otherwise. */
export interface RefundOutcome {
  refund: Refund;
  sent?: string[];
  signed?: boolean;
  payee?: string;
}

/**
 * "Refund": creates the refund (one Idempotency-Key per dialog, so a double click or a retry never
 * makes two). A `payee_wallet` refund: sends its transactions from the connected wallet when it is
 * the payee's (`sent`: their hashes; the wallet is connected first when it is not) and reports the
 * last hash (POST …/transaction: a reverted refund then fails). A `deposit_forwarder` refund: signs
 * its EIP-712 `typedData` with the connected wallet when it is the request's payee and posts the
 * signature (POST …/signature; the platform's relayer sends it). Otherwise both wait for the payee.
 */
export function useCreateRefund(requestId: string) {
  const { payments, runtime } = useApis();
  const config = useConfig();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: PaymentsSchemas['CreateRefundDto']; key: string }): Promise<RefundOutcome> => {
      const refund = await must(
        payments.POST('/v2/request/{requestId}/refunds', {
          params: { path: { requestId }, header: { 'idempotency-key': key } },
          body,
        }),
      );
      await queries.invalidateQueries({ queryKey: refundKeys.of(requestId) });
      await connectWallet(config);
      if (refund.source === 'deposit_forwarder') return signForwarderRefund(refund);
      const transactions = refund.transactions.map((tx) => ({ to: tx.to, data: tx.data, value: valueOf(tx.value) }));
      const sent = await sendFromWallet(config, runtime, { address: refund.from, network: refund.network }, transactions);
      const last = sent?.at(-1);
      // The refund's transaction, so a revert (which emits no event for detection) turns the refund `failed`.
      if (last)
        await payments
          .POST('/v2/request/{requestId}/refunds/{refundId}/transaction', {
            params: { path: { requestId, refundId: refund.id } },
            body: { txHash: last },
          })
          .catch(() => undefined);
      return { refund, sent };
    },
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: refundKeys.of(requestId) }),
        queries.invalidateQueries({ queryKey: exceptionKeys.ofRequest(requestId) }),
      ]),
  });

  /** The payee (the request's; a forwarder refund's `from` is the deposit address) signs, when connected. */
  async function signForwarderRefund(refund: Refund): Promise<RefundOutcome> {
    const { payee } = await must(payments.GET('/v2/requests/{requestId}', { params: { path: { requestId } } }));
    if (!refund.typedData || refund.status !== 'awaiting_signature') return { refund, signed: false, payee };
    const signature = await signFromWallet(config, runtime, { address: payee, network: refund.network }, refund.typedData);
    if (signature === undefined) return { refund, signed: false, payee };
    const signed = await must(
      payments.POST('/v2/request/{requestId}/refunds/{refundId}/signature', {
        params: { path: { requestId, refundId: refund.id } },
        body: { signature },
      }),
    );
    return { refund: signed, signed: true, payee };
  }
}
