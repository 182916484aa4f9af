import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tronFromHex } from '@payrail/chains';
import { AbiCoder, computeAddress, getBytes, hexlify, sha256, Signature, SigningKey, toUtf8Bytes } from 'ethers';
import { utils as tronUtils } from 'tronweb';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../libs/chains/src/tron/fixtures');

/** A recorded TronGrid answer (libs/chains/src/tron/fixtures). */
export const tronGridFixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

/** One request the fake received. */
export interface TronGridRequest {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  apiKey?: string;
}

export interface FakeTronGrid {
  /** Point TRON_API_URL here. */
  url: string;
  /** Every request since the last reset, in arrival order. */
  requests: TronGridRequest[];
  /** GET /v1/accounts/{address}: the fixture file answering for an address; any other gets the unknown-account answer. */
  accounts: Map<string, string>;
  /** POST /wallet/triggerconstantcontract allowance(owner, spender) on `token`, keyed `token/owner/spender`; unlisted is 0. */
  allowances: Map<string, bigint>;
  /** Contracts the constant call knows; any other answers CONTRACT_VALIDATE_ERROR as the node does. */
  contracts: Set<string>;
  /** Transactions POST /wallet/broadcasttransaction accepted (signature checked against the signer), by txid. */
  broadcasts: Map<string, Record<string, unknown>>;
  /** 'down': every request answers 503, as TronGrid does when overloaded. 'stall': no answer for stallMs. */
  mode: 'up' | 'down' | 'stall';
  stallMs: number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A TronGrid stand-in on 127.0.0.1 that answers in the recorded shapes of the fixtures: the
 * account page of `GET /v1/accounts/{address}` and the `triggerconstantcontract` answer of an
 * `allowance(address,address)` call (its parameter decoded, so a wrong owner or spender reads 0).
 */
export async function startFakeTronGrid(): Promise<FakeTronGrid> {
  const fake: Omit<FakeTronGrid, 'url' | 'close'> = {
    requests: [],
    accounts: new Map(),
    broadcasts: new Map(),
    allowances: new Map(),
    contracts: new Set(['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8']),
    mode: 'up',
    stallMs: 0,
    reset() {
      fake.requests.splice(0);
      fake.mode = 'up';
    },
  };
  const answer = (method: string, path: string, body: Record<string, unknown> | undefined): [number, unknown] => {
    if (fake.mode === 'down') return [503, { Error: 'service unavailable' }];
    const account = /^\/v1\/accounts\/([^/?]+)$/.exec(path);
    if (method === 'GET' && account) {
      const file = fake.accounts.get(decodeURIComponent(account[1])) ?? 'trongrid-account.unknown.json';
      return [200, tronGridFixture(file)];
    }
    if (method === 'POST' && path === '/wallet/triggerconstantcontract' && body) {
      const token = String(body.contract_address);
      if (!fake.contracts.has(token)) return [200, tronGridFixture('trongrid-constant-call.no-contract.json')];
      if (body.function_selector !== 'allowance(address,address)') return [400, { Error: 'unexpected selector' }];
      const [owner, spender] = AbiCoder.defaultAbiCoder()
        .decode(['address', 'address'], `0x${String(body.parameter)}`)
        .map((a) => tronFromHex(String(a)));
      const value = fake.allowances.get(`${token}/${owner}/${spender}`) ?? 0n;
      return [200, { ...tronGridFixture('trongrid-allowance.json'), constant_result: [value.toString(16).padStart(64, '0')] }];
    }
    if (method === 'POST' && path === '/wallet/broadcasttransaction' && body) return [200, broadcast(fake.broadcasts, body)];
    return [404, { Error: `no route ${method} ${path}` }];
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      const apiKey = req.headers['tron-pro-api-key'] as string | undefined;
      fake.requests.push({ method: req.method ?? 'GET', path, ...(body ? { body } : {}), ...(apiKey ? { apiKey } : {}) });
      const [status, json] = answer(req.method ?? 'GET', path, body);
      const send = () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (fake.mode === 'stall') setTimeout(send, fake.stallMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const nodeError = (code: string, txid: string, message: string) => ({ code, txid, message: hexlify(toUtf8Bytes(message)).slice(2) });

/**
 * A full node's broadcast as far as the tests need it: txid = sha256(raw_data_hex), the first
 * signature must recover to the call's owner (SIGERROR otherwise), a txid seen before is DUP_TRANSACTION_ERROR.
 */
function broadcast(seen: Map<string, Record<string, unknown>>, body: Record<string, unknown>) {
  const hex = String(body.raw_data_hex);
  const txid = sha256(getBytes(`0x${hex}`)).slice(2);
  const decoded = tronUtils.deserializeTx.deserializeTransaction('TriggerSmartContract', hex) as {
    contract: { parameter: { value: { owner_address: string } } }[];
  };
  const owner = decoded.contract[0].parameter.value.owner_address.toLowerCase();
  const signature = (body.signature as string[])[0];
  if (signerOf(txid, signature) !== owner) return nodeError('SIGERROR', txid, 'Validate signature error: signer is not the owner');
  if (seen.has(txid)) return nodeError('DUP_TRANSACTION_ERROR', txid, 'Dup transaction.');
  seen.set(txid, body);
  return { result: true, txid };
}

/** The 41-prefixed hex account that signed the txid, or 'none' for a signature that recovers nothing. */
function signerOf(txid: string, signature: string): string {
  try {
    return (
      '41' +
      computeAddress(SigningKey.recoverPublicKey(`0x${txid}`, Signature.from(`0x${signature}`)))
        .slice(2)
        .toLowerCase()
    );
  } catch {
    return 'none';
  }
}

/** A TronWeb transaction as triggerSmartContract answers it (unsigned: `signature` empty). */
export interface TronWebTransaction {
  raw_data_hex: string;
  signature: string[];
  txID: string;
  raw_data: Record<string, unknown>;
  visible: boolean;
}

/** An unsigned TriggerSmartContract transaction from `owner` (base58), in TronWeb's JSON (hex addresses, visible false), built offline with tronweb. */
export function unsignedTronCall(
  owner: string,
  call: { contract: string; data: string; feeLimit?: number; callValue?: number; timestamp?: number },
): TronWebTransaction {
  const timestamp = call.timestamp ?? 1_790_000_000_000;
  const raw_data = {
    contract: [
      {
        parameter: {
          value: {
            data: call.data.replace(/^0x/, ''),
            owner_address: tronUtils.address.toHex(owner).toLowerCase(),
            contract_address: tronUtils.address.toHex(call.contract).toLowerCase(),
            ...(call.callValue ? { call_value: call.callValue } : {}),
          },
          type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
        },
        type: 'TriggerSmartContract',
      },
    ],
    ref_block_bytes: '1a2b',
    ref_block_hash: '0102030405060708',
    expiration: timestamp + 60_000,
    fee_limit: call.feeLimit ?? 300_000_000,
    timestamp,
  };
  const pb = tronUtils.transaction.txJsonToPb({ raw_data, visible: false });
  return {
    raw_data,
    raw_data_hex: tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase(),
    txID: tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, ''),
    visible: false,
    signature: [],
  };
}

/** Signs a TronWeb transaction with a test key, as a wallet does (tronweb's signTransaction). */
export function signTronTransaction(privateKey: string, tx: TronWebTransaction): TronWebTransaction {
  const signed = tronUtils.crypto.signTransaction(privateKey.replace(/^0x/, ''), { ...tx, signature: [] }) as { signature: string[] };
  return { ...tx, signature: signed.signature };
}

/** A TronWeb-shaped signed TriggerSmartContract transaction from the key's account. */
export function signedTronCall(
  privateKey: string,
  call: { contract: string; data: string; feeLimit?: number; callValue?: number; timestamp?: number },
): TronWebTransaction {
  const owner = tronUtils.address.fromHex('41' + computeAddress(privateKey).slice(2));
  return signTronTransaction(privateKey, unsignedTronCall(owner, call));
}
