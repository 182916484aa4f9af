import { Wallet } from 'ethers';
import { verifyWalletProof, walletProofMessage } from './wallet-proof.js';

// Anvil's first account; the signature is its EIP-191 personal_sign of the message below (RFC 6979: deterministic).
const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '01JD0000000000000000000000';
const AT = '2026-01-01T00:00:00.000Z';
const SIGNATURE =
  '0x5487571426ba44e500019c54149f7f6a4b8d823c8b1a66d9886d973cea44399d34069a61e98898d67e9f800bf717728b4d843c40aa2fbce5aa4615b543ed5fcd1c';
const minutes = (n: number) => new Date(Date.parse(AT) + n * 60_000);

describe('wallet proof (EIP-191 personal_sign over action, id and timestamp)', () => {
  it('builds the documented message text', () => {
    expect(walletProofMessage('view-secure-payment', TOKEN, AT)).toBe(
      `Payrail wallet proof\nAction: view-secure-payment\nId: ${TOKEN}\nTimestamp: ${AT}`,
    );
  });

  it('recovers the signer of a fixed vector within 5 minutes of its timestamp', () => {
    expect(verifyWalletProof('view-secure-payment', TOKEN, { signature: SIGNATURE, timestamp: AT }, minutes(4))).toEqual({
      ok: true,
      wallet: SIGNER,
    });
  });

  it('refuses a proof older than 5 minutes, or more than 1 minute in the future', () => {
    expect(verifyWalletProof('view-secure-payment', TOKEN, { signature: SIGNATURE, timestamp: AT }, minutes(6))).toMatchObject({
      ok: false,
    });
    expect(verifyWalletProof('view-secure-payment', TOKEN, { signature: SIGNATURE, timestamp: AT }, minutes(-2))).toMatchObject({
      ok: false,
    });
  });

  it('binds action and id: the same signature for another action or id recovers another wallet', () => {
    const other = verifyWalletProof('cancel-recurring-payment', TOKEN, { signature: SIGNATURE, timestamp: AT }, minutes(1));
    const otherId = verifyWalletProof('view-secure-payment', `${TOKEN.slice(0, -1)}1`, { signature: SIGNATURE, timestamp: AT }, minutes(1));
    for (const result of [other, otherId]) expect(result.ok && result.wallet).not.toBe(SIGNER);
  });

  it('refuses a malformed timestamp and a signature that is not one', () => {
    expect(verifyWalletProof('view-secure-payment', TOKEN, { signature: SIGNATURE, timestamp: '1767225600' }, minutes(1))).toEqual({
      ok: false,
      reason: 'x-wallet-proof-timestamp must be an ISO 8601 UTC timestamp',
    });
    expect(verifyWalletProof('view-secure-payment', TOKEN, { signature: '0x1234', timestamp: AT }, minutes(1))).toEqual({
      ok: false,
      reason: 'x-wallet-proof is not a valid wallet signature',
    });
  });

  it('round-trips with a wallet signing the message as the hosted page would', async () => {
    const wallet = Wallet.createRandom();
    const timestamp = new Date().toISOString();
    const signature = await wallet.signMessage(walletProofMessage('unpause-recurring-payment', 'rec-1', timestamp));
    expect(verifyWalletProof('unpause-recurring-payment', 'rec-1', { signature, timestamp }, new Date())).toEqual({
      ok: true,
      wallet: wallet.address,
    });
  });
});
