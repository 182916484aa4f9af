import { isTronAddress, tronFromHex } from '@payrail/domain';

/** A fee-proxy payment on Tron, as TronGrid reports it (addresses base58). */
export interface TronProxyTransfer {
  contract: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  /** ms since epoch. */
  blockTimestamp: number;
  /** keccak256 of the 8-byte reference (the indexed `bytes` is reported hashed). */
  referenceTopic: string;
  token: string;
  to: string;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string;
}

interface TronGridEvent {
  block_number: number;
  block_timestamp: number;
  contract_address: string;
  event_index: number;
  event_name: string;
  transaction_id: string;
  result: Record<string, string>;
}

export interface TronGridPage {
  data: TronGridEvent[];
  success: boolean;
  meta?: { fingerprint?: string };
}

/** TronGrid writes ABI addresses as 20-byte hex (with or without 0x / 41); base58 is what Payrail stores. */
export function tronAddressFromEvent(value: string): string {
  const hex = value.replace(/^0x/, '');
  if (isTronAddress(value)) return value;
  return tronFromHex(hex.length === 40 ? `41${hex}` : hex);
}

/** Decodes the `TransferWithReferenceAndFee` events of a TronGrid page (other events are skipped). */
export function decodeTronGridPage(page: TronGridPage): TronProxyTransfer[] {
  return page.data
    .filter((e) => e.event_name === 'TransferWithReferenceAndFee')
    .map((e) => ({
      contract: tronAddressFromEvent(e.contract_address),
      txHash: e.transaction_id.replace(/^0x/, ''), // Tron transaction ids are 64 hex without 0x
      logIndex: e.event_index,
      blockNumber: e.block_number,
      blockTimestamp: e.block_timestamp,
      referenceTopic: (e.result.paymentReference ?? '').startsWith('0x')
        ? e.result.paymentReference
        : `0x${e.result.paymentReference ?? ''}`,
      token: tronAddressFromEvent(e.result.tokenAddress ?? ''),
      to: tronAddressFromEvent(e.result.to ?? ''),
      amount: BigInt(e.result.amount ?? '0'),
      feeAmount: BigInt(e.result.feeAmount ?? '0'),
      feeAddress: tronAddressFromEvent(e.result.feeAddress ?? ''),
    }));
}

/** GET `url`, or POST `body` as JSON to it; resolves to the parsed answer, rejects on an HTTP error. */
export type FetchJson = (url: string, body?: unknown) => Promise<unknown>;

/**
 * Reads the Tron fee proxy's payment events from a TronGrid-compatible HTTP API
 * (`GET /v1/contracts/{address}/events`), confirmed only, oldest first, following the
 * `fingerprint` paging. `fetchJson` is the HTTP call (global fetch in production).
 */
export class TronGridEventSource {
  constructor(
    private readonly apiUrl: string,
    private readonly fetchJson: FetchJson,
    private readonly pageSize = 200,
  ) {}

  /** The signer of a confirmed transaction (see tronTransactionSender). */
  senderOf(txHash: string): Promise<string | undefined> {
    return tronTransactionSender(this.apiUrl, this.fetchJson, txHash);
  }

  async transfersSince(contract: string, minBlockTimestamp: number, maxPages = 10): Promise<TronProxyTransfer[]> {
    const out: TronProxyTransfer[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const params = new URLSearchParams({
        event_name: 'TransferWithReferenceAndFee',
        only_confirmed: 'true',
        order_by: 'block_timestamp,asc',
        min_block_timestamp: String(minBlockTimestamp),
        limit: String(this.pageSize),
      });
      if (fingerprint) params.set('fingerprint', fingerprint);
      const body = (await this.fetchJson(
        `${this.apiUrl.replace(/\/$/, '')}/v1/contracts/${contract}/events?${params.toString()}`,
      )) as TronGridPage;
      if (!body.success) throw new Error(`TronGrid answered success=false for ${contract}`);
      out.push(...decodeTronGridPage(body));
      fingerprint = body.meta?.fingerprint;
      if (!fingerprint || body.data.length < this.pageSize) break;
    }
    return out;
  }
}

interface TronTransaction {
  raw_data?: { contract?: { parameter?: { value?: { owner_address?: string } } }[] };
}

/**
 * The account that signed a Tron transaction (its first contract's `owner_address`), from the
 * solidity node API (`/walletsolidity/gettransactionbyid`: confirmed transactions only); undefined
 * when the node does not know it. Event logs carry no sender, so this is how a Tron payment's
 * payer is known.
 */
async function tronTransactionSender(apiUrl: string, fetchJson: FetchJson, txHash: string): Promise<string | undefined> {
  const body = (await fetchJson(
    `${apiUrl.replace(/\/$/, '')}/walletsolidity/gettransactionbyid?value=${encodeURIComponent(txHash)}`,
  )) as TronTransaction;
  const owner = body.raw_data?.contract?.[0]?.parameter?.value?.owner_address;
  return owner ? tronAddressFromEvent(owner) : undefined;
}

/** fetch-based FetchJson with a timeout; TronGrid's optional API key goes in TRON-PRO-API-KEY. */
export function httpFetchJson(timeoutMs = 10000, apiKey?: string): FetchJson {
  return async (url, body) => {
    const headers: Record<string, string> = apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      headers,
    });
    if (!res.ok) throw new Error(`TronGrid ${res.status} for ${new URL(url).pathname}`);
    return res.json();
  };
}
