import { useConnection } from 'wagmi';
import { t } from '../messages';

/**
 * Whether the browser wallet of an EVM wallet session is connected to the page. wagmi reconnects it
 * on load (WagmiProvider's reconnect, from the connector kept in localStorage) when the wallet still
 * grants the site, so a reload keeps it without asking; until then, a transaction asks for it.
 */
export function WalletConnection({ address }: { address: string }) {
  const connection = useConnection();
  const state =
    connection.status === 'connected' && connection.address.toLowerCase() === address.toLowerCase()
      ? 'connected'
      : connection.status === 'reconnecting' || connection.status === 'connecting'
        ? 'reconnecting'
        : 'disconnected';
  return (
    <span className="wallet-state" data-field="wallet-connection" data-status={state}>
      {t(`session.wallet_${state}` as const)}
    </span>
  );
}
