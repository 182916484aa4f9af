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
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './deploy.js';

// The batch contract on its own anvil: calldata from libs/permits, money checked from chain state.
type View<R> = ContractMethod<unknown[], R, R>;

const ERC20_EVENT_TOPIC = '0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6';
const NATIVE_EVENT_TOPIC = '0xa1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96';
const address = (n: number) => getAddress('0x' + n.toString(16).padStart(40, '0'));
const reference = (n: number) => '0x' + n.toString(16).padStart(16, '0');
const FEES = address(0xfee5);

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
  const batch = new Contract(batchAddress, loadArtifact('BatchConversionPayments').abi, provider);
  expect(await batch.getFunction<View<string>>('paymentErc20FeeProxy')()).toBe(deployment.contracts.ERC20FeeProxy);
  expect(await batch.getFunction<View<string>>('paymentNativeFeeProxy')()).toBe(deployment.contracts.EthereumFeeProxy);
  expect(new Interface(loadArtifact('BatchConversionPayments').abi).getFunction('batchPayments')?.selector).toBe(
    BATCH_PAYMENTS_ABI.getFunction('batchPayments')?.selector,
  );
});

test('pays two tokens and native in one transaction: exact amounts, all fees to the fee address, one event per payment', async () => {
  const usdc = deployment.tokens.USDC.address;
  const dai = deployment.tokens.DAI.address;
  const payments: BatchPayment[] = [
    { token: usdc, recipient: address(0xa1), amount: 10_000_000n, paymentReference: reference(1), feeAmount: 100_000n },
    { token: dai, recipient: address(0xa2), amount: 5n * 10n ** 18n, paymentReference: reference(2), feeAmount: 10n ** 16n },
    { token: null, recipient: address(0xa3), amount: 10n ** 17n, paymentReference: reference(3), feeAmount: 10n ** 15n },
    { token: usdc, recipient: address(0xa4), amount: 20_000_000n, paymentReference: reference(4), feeAmount: 0n },
  ];
  const { data, value, tokenTotals } = encodeBatchPayments(payments, FEES);
  for (const [token, total] of tokenTotals) await send(token, encodeApprove(batchAddress, total));
  const usdcBefore = await balanceOf(usdc, payerAccount.address);

  // One wei too much is refunded.
  const receipt = await send(batchAddress, data, value + 1n);

  expect(await balanceOf(usdc, address(0xa1))).toBe(10_000_000n);
  expect(await balanceOf(usdc, address(0xa4))).toBe(20_000_000n);
  expect(await balanceOf(dai, address(0xa2))).toBe(5n * 10n ** 18n);
  expect(await provider.getBalance(address(0xa3))).toBe(10n ** 17n);
  expect(await balanceOf(usdc, FEES)).toBe(100_000n);
  expect(await balanceOf(dai, FEES)).toBe(10n ** 16n);
  expect(await provider.getBalance(FEES)).toBe(10n ** 15n);
  expect(await balanceOf(usdc, payerAccount.address)).toBe(usdcBefore - 30_100_000n);
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

test('refuses conversion networks, a fee without fee address, mixed tokens under id 1, bad paths and short value', async () => {
  const usdc = deployment.tokens.USDC.address;
  const dai = deployment.tokens.DAI.address;
  const detail = (token: string[], fee = 0n) => [address(0xb1), 1n, token, reference(9), fee, 0n, 0n];
  const call = (metas: unknown[], fees = FEES) => BATCH_PAYMENTS_ABI.encodeFunctionData('batchPayments', [metas, [], fees]);
  await send(usdc, encodeApprove(batchAddress, 10n ** 12n));
  await send(dai, encodeApprove(batchAddress, 10n ** 30n));

  expect(await revertReason(call([[0n, [detail([usdc])]]]))).toBe('conversion payments are not supported');
  expect(await revertReason(call([[4n, [detail([usdc])]]]))).toBe('conversion payments are not supported');
  expect(await revertReason(call([[1n, [detail([usdc], 1n)]]], ZeroAddress))).toBe('fee address is zero');
  expect(await revertReason(call([[1n, [detail([usdc]), detail([dai])]]]))).toBe('several tokens in a single-token batch');
  expect(await revertReason(call([[2n, [detail([usdc, dai])]]]))).toBe('path must be the token alone (no conversion)');
  expect(await revertReason(call([[3n, [detail([])]]]), 0n)).toBe('not enough value for the native payments');
  expect(await revertReason(call([[2n, [detail([usdc]), detail([dai])]]]))).toBe('no revert');
});
