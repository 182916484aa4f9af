import { AbiCoder, getAddress, Interface, keccak256, type Log } from 'ethers';

/**
 * The `TransferWithReferenceAndFee` events of Request Network's ERC20FeeProxy and
 * EthereumFeeProxy (and of contracts that delegatecall them, such as Erc20ConversionProxy):
 * the log format payment detection reads. The payment reference is an indexed `bytes`, so its
 * topic is keccak256 of the raw 8 bytes.
 */
const ERC20_FEE_PROXY_EVENTS = new Interface([
  'event TransferWithReferenceAndFee(address tokenAddress, address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)',
]);
const NATIVE_FEE_PROXY_EVENTS = new Interface([
  'event TransferWithReferenceAndFee(address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)',
]);

export const ERC20_TRANSFER_TOPIC = ERC20_FEE_PROXY_EVENTS.getEvent('TransferWithReferenceAndFee')!.topicHash;
export const NATIVE_TRANSFER_TOPIC = NATIVE_FEE_PROXY_EVENTS.getEvent('TransferWithReferenceAndFee')!.topicHash;

/** One payment as a fee proxy logged it. `token` is null for the native currency. */
export interface ProxyTransfer {
  contract: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** keccak256 of the 8-byte payment reference (the log topic); the reference itself is not in the log. */
  referenceTopic: string;
  token: string | null;
  to: string;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string;
}

/** The log topic of a payment reference written `0x` + 16 hex. */
export function paymentReferenceTopic(paymentReference: string): string {
  return keccak256(paymentReference);
}

/** Decodes a fee-proxy log, or undefined when it is not one. */
export function decodeProxyTransfer(
  log: Pick<Log, 'address' | 'topics' | 'data' | 'transactionHash' | 'index' | 'blockNumber' | 'blockHash'>,
): ProxyTransfer | undefined {
  const topic0 = log.topics[0];
  const native = topic0 === NATIVE_TRANSFER_TOPIC;
  if (!native && topic0 !== ERC20_TRANSFER_TOPIC) return undefined;
  if (log.topics.length !== 2) return undefined; // the event signature and the indexed payment reference
  const args = decodeData(native, log.data);
  if (!args) return undefined;
  return {
    contract: getAddress(log.address),
    txHash: log.transactionHash,
    logIndex: log.index,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
    referenceTopic: log.topics[1] ?? '',
    // The ABI coder answers addresses checksummed.
    token: native ? null : (args.tokenAddress ?? ''),
    to: args.to,
    amount: args.amount,
    feeAmount: args.feeAmount,
    feeAddress: args.feeAddress,
  };
}

// The events' non-indexed fields, in log order: decoded with the ABI coder directly (a block of
// hundreds of payments spends far less time here than in Interface.parseLog, which also matches
// the event and builds named results).
const ERC20_DATA = ['address', 'address', 'uint256', 'uint256', 'address'];
const NATIVE_DATA = ['address', 'uint256', 'uint256', 'address'];

function decodeData(
  native: boolean,
  data: string,
): { tokenAddress?: string; to: string; amount: bigint; feeAmount: bigint; feeAddress: string } | undefined {
  try {
    const values = AbiCoder.defaultAbiCoder().decode(native ? NATIVE_DATA : ERC20_DATA, data);
    const [tokenAddress, to, amount, feeAmount, feeAddress] = (native ? [undefined, ...values] : [...values]) as [
      string | undefined,
      string,
      bigint,
      bigint,
      string,
    ];
    return { tokenAddress, to, amount, feeAmount, feeAddress };
  } catch {
    return undefined; // not this event's data
  }
}
