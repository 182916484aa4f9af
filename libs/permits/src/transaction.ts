import { toBeHex } from 'ethers';

/** ethers v5's BigNumber JSON form, which Request Network's API returns for native values and its clients read. */
export interface BigNumberValue {
  type: 'BigNumber';
  hex: string;
}

/** A transaction for the payer's wallet to sign and send, as the API returns it. */
export interface PayoutTransaction {
  /** 0x-prefixed calldata. */
  data: string;
  /** The contract called: EIP-55 on EVM networks, base58 on Tron. */
  to: string;
  /** `{type: "BigNumber", hex}` when native currency moves; the number 0 for approvals and token calls. */
  value: BigNumberValue | 0;
}

/** `{type: "BigNumber", hex}` with ethers v5's hex form: 0x-prefixed, whole bytes ("0x00" for zero). */
export function bigNumberValue(units: bigint): BigNumberValue {
  if (units < 0n) throw new Error('A transaction value cannot be negative');
  return { type: 'BigNumber', hex: toBeHex(units) };
}
