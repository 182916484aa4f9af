import type { ProxyTransfer } from '@payrail/domain';
import { Interface, keccak256, type Log } from 'ethers';
import { checksumAddress } from '../address/checksum-cache.js';

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
    contract: checksumAddress(log.address),
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

// The events' non-indexed fields are static (addresses and uint256s), one 32-byte word each in log
// order, so they are read straight from the words: a block of 500 payments spent ~50 ms of CPU in
// the ABI coder (parsing the types, building named results, checksumming every address again).
// Same answers as AbiCoder.decode (fee-proxy-events.spec.ts compares them): data shorter than its
// words is not the event, extra bytes after them are ignored, and an address word with any of its
// 12 high bytes set is not an address.
const ERC20_WORDS = 5; // tokenAddress, to, amount, feeAmount, feeAddress
const NATIVE_WORDS = 4; // to, amount, feeAmount, feeAddress
const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS_WORD = /^0{24}/;

function decodeData(
  native: boolean,
  data: string,
): { tokenAddress?: string; to: string; amount: bigint; feeAmount: bigint; feeAddress: string } | undefined {
  const count = native ? NATIVE_WORDS : ERC20_WORDS;
  if (data.length < 2 + 64 * count || data.length % 2 !== 0 || !HEX.test(data)) return undefined;
  const word = (i: number) => data.slice(2 + 64 * i, 2 + 64 * (i + 1));
  const address = (i: number) => (ADDRESS_WORD.test(word(i)) ? checksumAddress('0x' + word(i).slice(24)) : undefined);
  const at = native ? -1 : 0; // the native event has no tokenAddress word
  const [tokenAddress, to, feeAddress] = [native ? null : address(at), address(at + 1), address(at + 4)];
  if (tokenAddress === undefined || to === undefined || feeAddress === undefined) return undefined;
  return {
    ...(tokenAddress === null ? {} : { tokenAddress }),
    to,
    amount: BigInt('0x' + word(at + 2)),
    feeAmount: BigInt('0x' + word(at + 3)),
    feeAddress,
  };
}
