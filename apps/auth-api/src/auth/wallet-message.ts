import { SiweMessage } from 'siwe';
import { getAddress } from 'ethers';
import { tronToEvmAddress } from '@payrail/domain';

export interface MessageFields {
  domain: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

const SIGN_IN_STATEMENT = 'Sign in to Payrail.';

/** The EIP-4361 message for an EVM address, built by the `siwe` package. */
export function evmSignInMessage(address: string, fields: MessageFields): string {
  return new SiweMessage({ ...fields, address: getAddress(address), statement: SIGN_IN_STATEMENT, version: '1' }).prepareMessage();
}

/**
 * The same text form for a Tron address. `siwe` only accepts EVM addresses, so the message is
 * built for the Tron address's 20-byte account in EVM form (which validates every field) and
 * then names the Tron account and its base58 address in place of the Ethereum ones.
 */
export function tronSignInMessage(address: string, fields: MessageFields): string {
  const evmForm = tronToEvmAddress(address);
  return evmSignInMessage(evmForm, fields)
    .replace('wants you to sign in with your Ethereum account:', 'wants you to sign in with your Tron account:')
    .replace(`\n${evmForm}\n`, `\n${address}\n`);
}
