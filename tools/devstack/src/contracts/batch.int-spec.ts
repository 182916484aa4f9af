import { BATCH_PAYMENTS_ABI, encodeApprove, encodeBatchPayments, type BatchPayment } from '@payrail/permits';
import {
  Contract,
  getAddress,
  Interface,
  JsonRpcProvider,
  keccak256,
  NonceManager,
  Wallet,
  ZeroAddress,
  type ContractMethod,
  type TransactionReceipt,
} from 'ethers';

import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { publishedArtifact } from '@payrail/chains';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './deploy.js';
import { LOCAL_BATCH_FEE_BPS, LOCAL_BATCH_FEE_USD_LIMIT } from './local-assets.js';

// Request Network's published batch contract (0.30% batch fee) on its own anvil: calldata from libs/permits, money checked from chain state.
type View<R> = ContractMethod<unknown[], R, R>;

const ERC20_EVENT_TOPIC = '0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6';
const NATIVE_EVENT_TOPIC = '0xa1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96';
const address = (n: number) => getAddress('0x' + n.toString(16).padStart(40, '0'));
const reference = (n: number) => '0x' + n.toString(16).padStart(16, '0');
const FEES = address(0xfee5);
const LOCAL_FEE = { bps: BigInt(LOCAL_BATCH_FEE_BPS), usdLimit: LOCAL_BATCH_FEE_USD_LIMIT };
const NO_FEE = { bps: 0n, usdLimit: 0n };

const [deployer, payerAccount] = ANVIL_ACCOUNTS;
let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let deployment: LocalDeployment;
let payer: NonceManager;
let batchAddress: string;

const balanceOf = (token: string, owner: string): Promise<bigint> =>
  new Contract(token, loadArtifact('TestERC20').abi, provider).getFunction<View<bigint>>('balanceOf')(owner);

async function send(to: string, data: string, value = 0n): Promise<TransactionReceipt> {
  const receipt = await (await payer.sendTransaction({ to, data, value })).wait();
  if (!receipt) throw new Error('not mined');
  return receipt;
}

async function revertReason(data: string, value = 0n): Promise<string> {
  try {
    await provider.call({ from: payerAccount.address, to: batchAddress, data, value });
    return 'no revert';
  } catch (error) {
    return (error as { reason?: string }).reason ?? String(error);
  }
}

beforeAll(async () => {
  await compileContracts();
  anvil = await startAnvil({ port: await freePort() });
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { pollingInterval: 100, cacheTimeout: -1 });
  deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey });
  await fundAccounts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, deployment, accounts: [payerAccount.address] });
  payer = new NonceManager(new Wallet(payerAccount.privateKey, provider));
  batchAddress = deployment.contracts.BatchConversionPayments;
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

test('the batch contract is wired to both fee proxies and has the batchPayments selector', async () => {
  const batch = new Contract(batchAddress, publishedArtifact('BatchConversionPayments').abi, provider);
  expect(await batch.getFunction<View<string>>('paymentErc20Proxy')()).toBe(deployment.contracts.ERC20FeeProxy);
  expect(await batch.getFunction<View<string>>('paymentNativeProxy')()).toBe(deployment.contracts.EthereumFeeProxy);
  expect(new Interface(publishedArtifact('BatchConversionPayments').abi).getFunction('batchPayments')?.selector).toBe(
    BATCH_PAYMENTS_ABI.getFunction('batchPayments')?.selector,
  );
});

test('pays two tokens and native in one transaction: exact amounts, fees and the 0.30% batch fee to the fee address, one event per payment', async () => {
  const usdc = deployment.tokens.USDC.address;
  const dai = deployment.tokens.DAI.address;
  const payments: BatchPayment[] = [
    { token: usdc, recipient: address(0xa1), amount: 10_000_000n, paymentReference: reference(1), feeAmount: 100_000n },
    { token: dai, recipient: address(0xa2), amount: 5n * 10n ** 18n, paymentReference: reference(2), feeAmount: 10n ** 16n },
    { token: null, recipient: address(0xa3), amount: 10n ** 17n, paymentReference: reference(3), feeAmount: 10n ** 15n },
    { token: usdc, recipient: address(0xa4), amount: 20_000_000n, paymentReference: reference(4), feeAmount: 0n },
  ];
  const { data, value, tokenTotals, batchFees } = encodeBatchPayments(payments, FEES, LOCAL_FEE);
  expect([...batchFees.tokens]).toEqual([
    [usdc, 90_000n], // 0.30% of 30 USDC
    [dai, 15n * 10n ** 15n], // 0.30% of 5 DAI
  ]);
  expect(batchFees.native).toBe(3n * 10n ** 14n); // 0.30% of 0.1 ether
  for (const [token, total] of tokenTotals) await send(token, encodeApprove(batchAddress, total));
  const usdcBefore = await balanceOf(usdc, payerAccount.address);

  // One wei too much is refunded.
  const receipt = await send(batchAddress, data, value + 1n);

  expect(await balanceOf(usdc, address(0xa1))).toBe(10_000_000n);
  expect(await balanceOf(usdc, address(0xa4))).toBe(20_000_000n);
  expect(await balanceOf(dai, address(0xa2))).toBe(5n * 10n ** 18n);
  expect(await provider.getBalance(address(0xa3))).toBe(10n ** 17n);
  expect(await balanceOf(usdc, FEES)).toBe(100_000n + 90_000n);
  expect(await balanceOf(dai, FEES)).toBe(10n ** 16n + 15n * 10n ** 15n);
  expect(await provider.getBalance(FEES)).toBe(10n ** 15n + 3n * 10n ** 14n);
  expect(await balanceOf(usdc, payerAccount.address)).toBe(usdcBefore - 30_100_000n - 90_000n);
  for (const token of [usdc, dai]) expect(await balanceOf(token, batchAddress)).toBe(0n);
  expect(await provider.getBalance(batchAddress)).toBe(0n);

  const proxyLogs = receipt.logs.filter((l) => l.topics[0] === ERC20_EVENT_TOPIC || l.topics[0] === NATIVE_EVENT_TOPIC);
  expect(proxyLogs.map((l) => [l.address, l.topics[1]])).toEqual([
    [deployment.contracts.ERC20FeeProxy, keccak256(reference(1))],
    [deployment.contracts.ERC20FeeProxy, keccak256(reference(4))],
    [deployment.contracts.ERC20FeeProxy, keccak256(reference(2))],
    [deployment.contracts.EthereumFeeProxy, keccak256(reference(3))],
  ]);
});

test('without the batch fee the same batch reverts: an approval of amounts and fees only, a value of amounts and fees only', async () => {
  const usdc = deployment.tokens.USDC.address;
  const erc20 = [{ token: usdc, recipient: address(0xc1), amount: 1_000_000n, paymentReference: reference(5), feeAmount: 0n }];
  const withFee = encodeBatchPayments(erc20, FEES, LOCAL_FEE);
  const withoutFee = encodeBatchPayments(erc20, FEES, NO_FEE);
  await send(usdc, encodeApprove(batchAddress, withoutFee.tokenTotals.get(usdc)!));
  expect(await revertReason(withFee.data)).not.toBe('no revert');
  await send(usdc, encodeApprove(batchAddress, withFee.tokenTotals.get(usdc)!));
  expect(await revertReason(withFee.data)).toBe('no revert');

  const native = [{ token: null, recipient: address(0xc2), amount: 10n ** 16n, paymentReference: reference(6), feeAmount: 0n }];
  const nativeWithFee = encodeBatchPayments(native, FEES, LOCAL_FEE);
  const nativeWithoutFee = encodeBatchPayments(native, FEES, NO_FEE);
  expect(nativeWithFee.value - nativeWithoutFee.value).toBe(3n * 10n ** 13n);
  expect(await revertReason(nativeWithFee.data, nativeWithoutFee.value)).toBe('Not enough funds for batch fee');
  expect(await revertReason(nativeWithFee.data, nativeWithFee.value)).toBe('no revert');
});

test('an ERC-20 batch without a fee address reverts on the contract: it transfers even a zero batch fee to the fee address', async () => {
  const usdc = deployment.tokens.USDC.address;
  await send(usdc, encodeApprove(batchAddress, 10n ** 12n));
  const detail = [address(0xb1), 1n, [usdc], reference(9), 0n, 0n, 0n];
  const call = (fees: string) => BATCH_PAYMENTS_ABI.encodeFunctionData('batchPayments', [[[1n, [detail]]], [], fees]);
  expect(await revertReason(call(ZeroAddress))).not.toBe('no revert');
  expect(await revertReason(call(FEES))).toBe('no revert');
});
