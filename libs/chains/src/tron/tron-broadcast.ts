import { tronFromHex } from '@payrail/domain';
import { getBytes, sha256, toUtf8String } from 'ethers';
import type { FetchJson } from './trongrid-events.js';

/** A signed TronWeb transaction, as a full node's `POST /wallet/broadcasttransaction` takes it. */
export interface SignedTronTransaction {
  raw_data_hex: string;
  signature: string[];
  txID?: string;
  raw_data: {
    contract: unknown[];
    fee_limit?: number;
    ref_block_bytes?: string;
    ref_block_hash?: string;
    expiration?: number;
    timestamp?: number;
    data?: string;
  };
  visible?: boolean;
}

/** The node's answer (Request Network's tron/broadcast answer): `result` true with the id, or a code and message. */
export interface TronBroadcastAnswer {
  result: boolean;
  txid: string;
  code?: string;
  message?: string;
}

/** The one smart-contract call a signed transaction makes, decoded from the bytes that were signed. */
export interface TronContractCall {
  /** sha256 of raw_data_hex. */
  txID: string;
  /** Base58 signer (owner_address). */
  owner: string;
  /** Base58 contract called. */
  contract: string;
  /** 0x-prefixed lowercase calldata. */
  data: string;
  callValue: bigint;
  feeLimit: number;
}

/** What in a signed transaction is wrong, by field of `signedTransaction`. */
export class TronTransactionRejected extends Error {
  constructor(
    readonly field: 'raw_data_hex' | 'txID' | 'raw_data',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Decodes the TriggerSmartContract call a signed TronWeb transaction makes, with tronweb's
 * protobuf codecs: from raw_data_hex (the signed bytes, which the node executes), checking that
 * the JSON raw_data encodes to the same bytes and txID is their sha256. Throws
 * TronTransactionRejected naming the field otherwise. Signatures are left to the node. tronweb
 * loads on the first call (some 540 modules that most processes never need: half a second of CPU
 * at every start).
 */
export async function decodeTronContractCall(tx: SignedTronTransaction): Promise<TronContractCall> {
  const { utils: tronUtils } = await import('tronweb');
  const hex = tx.raw_data_hex.toLowerCase();
  let decoded: {
    fee_limit: number;
    contract: { parameter: { value: { owner_address: string; contract_address: string; data: string; call_value: number } } }[];
  };
  try {
    decoded = tronUtils.deserializeTx.deserializeTransaction('TriggerSmartContract', hex) as typeof decoded;
  } catch {
    throw new TronTransactionRejected('raw_data_hex', 'raw_data_hex is not a signed smart-contract call (TriggerSmartContract)');
  }
  const txID = sha256(getBytes(`0x${hex}`)).slice(2);
  if (tx.txID !== undefined && tx.txID.toLowerCase() !== txID)
    throw new TronTransactionRejected('txID', 'txID is not the sha256 of raw_data_hex');
  if (!sameTransaction(tronUtils.transaction, tx, txID))
    throw new TronTransactionRejected('raw_data', 'raw_data does not encode to raw_data_hex (one contract call, as signed)');
  const value = decoded.contract[0].parameter.value;
  return {
    txID,
    owner: tronFromHex(value.owner_address),
    contract: tronFromHex(value.contract_address),
    data: `0x${value.data.toLowerCase()}`,
    callValue: BigInt(value.call_value ?? 0),
    feeLimit: Number(decoded.fee_limit ?? 0),
  };
}

/** Whether the JSON raw_data encodes (tronweb's protobuf codec) to raw_data_hex; malformed JSON does not. */
function sameTransaction(codec: { txCheck(tx: object): boolean }, tx: SignedTronTransaction, txID: string): boolean {
  try {
    return codec.txCheck({ ...tx, txID });
  } catch {
    return false;
  }
}

/** Relays a signed transaction to the Tron network (the port the payment page's broadcast route uses). */
export interface TronBroadcaster {
  broadcast(tx: SignedTronTransaction): Promise<TronBroadcastAnswer>;
}

/** A node's message is hex-encoded UTF-8 (`"5369676e6174757265..."`); anything else is kept as is. */
function nodeMessage(message: unknown): string | undefined {
  if (typeof message !== 'string' || message === '') return undefined;
  if (!/^([0-9a-fA-F]{2})+$/.test(message)) return message;
  try {
    return toUtf8String(`0x${message}`);
  } catch {
    return message;
  }
}

/**
 * TronBroadcaster over a TronGrid-compatible full node (`POST /wallet/broadcasttransaction`) with
 * the same HTTP client as the account reads. Throws when the node does not answer; a refusal is
 * an answer (`result` false, with the node's code and decoded message).
 */
export class TronGridBroadcaster implements TronBroadcaster {
  constructor(
    private readonly apiUrl: string,
    private readonly fetchJson: FetchJson,
  ) {}

  async broadcast(tx: SignedTronTransaction): Promise<TronBroadcastAnswer> {
    const body = (await this.fetchJson(`${this.apiUrl.replace(/\/$/, '')}/wallet/broadcasttransaction`, tx)) as Record<string, unknown>;
    const txid = typeof body.txid === 'string' ? body.txid : (tx.txID ?? '');
    const message = nodeMessage(body.message);
    return {
      result: body.result === true,
      txid,
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(message ? { message } : {}),
    };
  }
}
