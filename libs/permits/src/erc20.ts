import { AbiCoder, Interface } from 'ethers';

/** The ERC-20 calls a payout needs: the approval it returns and the reads behind its metadata. */
const ERC20_ABI = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
]);

/** `approve(spender, amount)`, selector 0x095ea7b3. */
export function encodeApprove(spender: string, amount: bigint): string {
  return ERC20_ABI.encodeFunctionData('approve', [spender, amount]);
}

/** `allowance(owner, spender)`, selector 0xdd62ed3e. */
export function encodeAllowance(owner: string, spender: string): string {
  return ERC20_ABI.encodeFunctionData('allowance', [owner, spender]);
}

/** `balanceOf(owner)`, selector 0x70a08231. */
export function encodeBalanceOf(owner: string): string {
  return ERC20_ABI.encodeFunctionData('balanceOf', [owner]);
}

/** The uint256 an `eth_call` of allowance/balanceOf returned. */
export function decodeUint256(result: string): bigint {
  const [value] = AbiCoder.defaultAbiCoder().decode(['uint256'], result) as unknown as [bigint];
  return value;
}

/**
 * Tokens whose `approve` reverts when changing a non-zero allowance to another non-zero value
 * (Tether USD on Ethereum): the allowance must be set to 0 first. Lower-case addresses by network.
 */
const APPROVE_RESET_TOKENS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  mainnet: ['0xdac17f958d2ee523a2206206994597c13d831ec7'],
});

export function needsApprovalReset(network: string, token: string): boolean {
  return APPROVE_RESET_TOKENS[network]?.includes(token.toLowerCase()) ?? false;
}
