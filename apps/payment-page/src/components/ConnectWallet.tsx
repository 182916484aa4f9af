import { Alert, Button, shortAddress } from '@payrail/web';
import { useConnect, useConnection, useConnectors, useDisconnect } from 'wagmi';
import { t } from '../messages';

/**
 * "Connect wallet": the first EIP-6963-announced wallet (else window.ethereum), and "WalletConnect"
 * when the runtime config has a project id (wagmi's connector: its modal shows a QR code on a
 * desktop and the wallet list with deep links on a phone); once connected, the address, a way to
 * disconnect, and a note or failure about the wallet's check.
 */
export function ConnectWallet({ note, failure }: { note?: string; failure?: string }) {
  const connection = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  if (connection.status === 'connected') {
    return (
      <section className="pr-card wallet">
        <p data-field="wallet" title={connection.address}>
          {t('wallet.connected', { address: shortAddress(connection.address) })}
        </p>
        {note && <p className="note">{note}</p>}
        {failure && <Alert>{failure}</Alert>}
        <Button variant="secondary" onClick={() => disconnect.mutate()}>
          {t('wallet.disconnect')}
        </Button>
      </section>
    );
  }
  // EIP-6963 wallets come first (wagmi adds them as they announce); the generic injected one last.
  const preferred = connectors.find((c) => c.type === 'injected' && c.id !== 'injected') ?? connectors[0];
  const walletConnect = connectors.find((c) => c.type === 'walletConnect');
  return (
    <section className="pr-card wallet">
      <Button disabled={!preferred || connect.isPending} onClick={() => preferred && connect.mutate({ connector: preferred })}>
        {connect.isPending ? t('wallet.connecting') : t('wallet.connect')}
      </Button>
      {walletConnect && (
        <>
          <Button variant="secondary" disabled={connect.isPending} onClick={() => connect.mutate({ connector: walletConnect })}>
            {t('wallet.walletconnect')}
          </Button>
          <p className="note">{t('wallet.walletconnect_hint')}</p>
        </>
      )}
      {!preferred && <p>{t('wallet.none')}</p>}
      {connect.error && <Alert>{t('wallet.failed', { reason: connect.error.message })}</Alert>}
    </section>
  );
}
