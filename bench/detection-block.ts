import { paymentReferenceTopic } from '@payrail/chains';
import { sqlExecute } from '@payrail/persistence';
import { hexlify, Interface, randomBytes, Wallet, type JsonRpcProvider } from 'ethers';
import type { DataSource } from 'typeorm';

// One block of payments for bench:detection: a realistic mix through both fee proxies, ours and
// other people's (the proxies are shared), signed locally and sent raw with automining off.

export const BENCH_PLATFORM = '01BENCHPLATFORM00000000000';
const ERC20_PROXY = new Interface(['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)']);
const NATIVE_PROXY = new Interface(['function transferWithReferenceAndFee(address,bytes,uint256,address) payable']);
const NONE = '0x0000000000000000000000000000000000000000';

interface Payment {
  kind: 'erc20' | 'erc20-fee' | 'native';
  reference: string;
  payee: string;
  amount: bigint;
  fee: bigint;
  feeAddress: string;
}

export interface Contracts {
  usdc: string;
  erc20Proxy: string;
  nativeProxy: string;
}

/** The mix of one block: 75% USDC, 15% USDC with a platform fee, 10% native; `ours` of them have requests. */
export function blockOfPayments(ours: number, foreign: number): { ours: Payment[]; foreign: Payment[] } {
  const feeAddress = Wallet.createRandom().address;
  const one = (i: number): Payment => {
    const kind = i % 20 < 15 ? 'erc20' : i % 20 < 18 ? 'erc20-fee' : 'native';
    const amount = kind === 'native' ? 10n ** 12n + BigInt(i) : 1_000_000n + BigInt(i);
    return {
      kind,
      reference: hexlify(randomBytes(8)),
      payee: Wallet.createRandom().address,
      amount,
      fee: kind === 'erc20-fee' ? 10_000n : 0n,
      feeAddress,
    };
  };
  return { ours: Array.from({ length: ours }, (_, i) => one(i)), foreign: Array.from({ length: foreign }, (_, i) => one(i + ours)) };
}

/** The requests of these payments (one multi-row insert), as payouts would have created them. */
export async function insertRequests(db: DataSource, payments: Payment[], c: Contracts): Promise<string[]> {
  const ids = payments.map(() => '01' + hexlify(randomBytes(32)).slice(2));
  const col = <T>(f: (p: Payment, i: number) => T) => payments.map(f);
  await sqlExecute(
    db,
    `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, network, payee, invoice_currency, invoice_amount,
       invoice_decimals, payment_currency, currency_address, currency_decimals, proxy_address, expected_amount, fee_amount, fee_address)
     SELECT u.id, u.salt, u.ref, u.topic, $1, 'sepolia', u.payee, u.currency, u.amount, u.decimals, u.currency, u.token, u.decimals, u.proxy,
            u.amount, u.fee, u.fee_address
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::int[], $10::text[],
                   $11::text[], $12::numeric[], $13::text[])
         AS u(id, salt, ref, topic, payee, currency, amount, decimals, token, proxy, fee, fee_address)`,
    [
      BENCH_PLATFORM,
      ids,
      col(() => hexlify(randomBytes(8)).slice(2)),
      col((p) => p.reference),
      col((p) => paymentReferenceTopic(p.reference)),
      col((p) => p.payee),
      col((p) => (p.kind === 'native' ? 'ETH-sepolia' : 'fUSDC-sepolia')),
      col((p) => p.amount.toString()),
      col((p) => (p.kind === 'native' ? 18 : 6)),
      col((p) => (p.kind === 'native' ? null : c.usdc)),
      col((p) => (p.kind === 'native' ? c.nativeProxy : c.erc20Proxy)),
      col((p) => p.fee.toString()),
      col((p) => (p.fee > 0n ? p.feeAddress : null)),
    ],
  );
  return ids;
}

/** Signs every payment (consecutive nonces from `nonce`) and hands them to the node's pool; returns the next nonce. */
export async function sendPayments(
  provider: JsonRpcProvider,
  payer: Wallet,
  payments: Payment[],
  c: Contracts,
  nonce: number,
): Promise<number> {
  const { chainId } = await provider.getNetwork();
  const fees = { type: 2, maxFeePerGas: 100n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n, chainId };
  const signed = await Promise.all(
    payments.map((p, i) =>
      payer.signTransaction({
        ...fees,
        nonce: nonce + i,
        ...(p.kind === 'native'
          ? {
              to: c.nativeProxy,
              value: p.amount,
              gasLimit: 100_000n,
              data: NATIVE_PROXY.encodeFunctionData('transferWithReferenceAndFee', [p.payee, p.reference, 0n, NONE]),
            }
          : {
              to: c.erc20Proxy,
              gasLimit: 150_000n,
              data: ERC20_PROXY.encodeFunctionData('transferFromWithReferenceAndFee', [
                c.usdc,
                p.payee,
                p.amount,
                p.reference,
                p.fee,
                p.feeAddress,
              ]),
            }),
      }),
    ),
  );
  for (let i = 0; i < signed.length; i += 100)
    await Promise.all(signed.slice(i, i + 100).map((tx) => provider.send('eth_sendRawTransaction', [tx])));
  return nonce + payments.length;
}
