import {
  Contract,
  ContractFactory,
  getAddress,
  Indexed,
  Interface,
  isError,
  JsonRpcProvider,
  keccak256,
  NonceManager,
  parseEther,
  Wallet,
  ZeroAddress,
  type ContractMethod,
  type ContractTransactionResponse,
  type TransactionReceipt,
} from 'ethers';

import { publishedArtifact, type PublishedContractName } from '@payrail/chains';
import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, publishedRuntimeCode, type LocalDeployment } from './deploy.js';
import { LOCAL_BATCH_FEE_BPS, LOCAL_BATCH_FEE_USD_LIMIT } from './local-assets.js';

// Fixed vector from the reference facts: the indexed `bytes` topic is keccak256 of the raw 8 bytes.
const REFERENCE = '0xb3581f0b0f74cc61';
const REFERENCE_TOPIC = '0x05c8ee1c9d79684c995657b7db5f528960fc0508ce55cf2ae2b70be0b1f329c2';
const ERC20_EVENT_TOPIC = '0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6';
const NATIVE_EVENT_TOPIC = '0xa1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96';

// Fresh addresses: they hold nothing and never pay gas, so their balances are exact.
const PAYEE = getAddress('0x00000000000000000000000000000000000a11ce');
const FEE_COLLECTOR = getAddress('0x0000000000000000000000000000000000000fee');
const NATIVE_PAYEE = getAddress('0x000000000000000000000000000000000000b0b0');
const NATIVE_FEES = getAddress('0x000000000000000000000000000000000000fee2');

// What the contract functions used below resolve to (plain `getFunction` results are `any`). ethers'
// getFunction only takes an array as the argument type (a tuple fails its constraint), so the
// arguments stay unchecked.
/** A state-changing function: calling it sends a transaction. */
type Send = ContractMethod<unknown[], void, ContractTransactionResponse>;
/** A view function: calling it resolves to the decoded return value. */
type View<R> = ContractMethod<unknown[], R, R>;

// How ethers decodes an indexed dynamic value: only its hash is in the log.
const indexedRef = new Indexed(REFERENCE_TOPIC);

const [deployer, payerAccount, shortPayerAccount] = ANVIL_ACCOUNTS;

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let deployment: LocalDeployment;
let payer: NonceManager;

/** Request Network's published ABI (the contracts on the local chain are its published bytecode). */
const rn = (name: PublishedContractName) => publishedArtifact(name).abi;
const tokenAt = (address: string, runner: NonceManager | Wallet | JsonRpcProvider = provider): Contract =>
  new Contract(address, loadArtifact('TestERC20').abi, runner);
const balanceOf = (token: string, owner: string): Promise<bigint> => tokenAt(token).getFunction<View<bigint>>('balanceOf')(owner);
const mined = async (tx: Promise<ContractTransactionResponse>): Promise<TransactionReceipt> => {
  const receipt = await (await tx).wait();
  if (receipt === null) throw new Error('transaction was not mined');
  return receipt;
};

beforeAll(async () => {
  await compileContracts();
  anvil = await startAnvil({ port: await freePort() });
  // No response cache: ethers would otherwise answer a repeated balance/nonce read from 250 ms ago.
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { pollingInterval: 100, cacheTimeout: -1 });
  deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey });
  await fundAccounts({
    rpcUrl: anvil.rpcUrl,
    deployerPrivateKey: deployer.privateKey,
    deployment,
    accounts: [payerAccount.address, shortPayerAccount.address],
  });
  payer = new NonceManager(new Wallet(payerAccount.privateKey, provider));
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

test('the published proxies expose the Request Network selectors and event topics', () => {
  const erc20 = new Interface(rn('ERC20FeeProxy'));
  const native = new Interface(rn('EthereumFeeProxy'));
  expect(erc20.getFunction('transferFromWithReferenceAndFee')?.selector).toBe('0xc219a14d');
  expect(erc20.getEvent('TransferWithReferenceAndFee')?.topicHash).toBe(ERC20_EVENT_TOPIC);
  expect(native.getFunction('transferWithReferenceAndFee')?.selector).toBe('0xb868980b');
  expect(native.getFunction('transferExactEthWithReferenceAndFee')?.selector).toBe('0xd7c95e98');
  expect(native.getEvent('TransferWithReferenceAndFee')?.topicHash).toBe(NATIVE_EVENT_TOPIC);
  expect(keccak256(REFERENCE)).toBe(REFERENCE_TOPIC);
});

test('deployment is on the sepolia chain id with the configured token decimals', async () => {
  expect(deployment.chainId).toBe(11155111);
  expect(Object.keys(deployment.contracts).sort()).toEqual([
    'BatchConversionPayments',
    'ChainlinkConversionPath',
    'DepositForwarderFactory',
    'ERC20FeeProxy',
    'ERC20RecurringPaymentProxy',
    'EthereumFeeProxy',
  ]);
  const decimals = Object.fromEntries(Object.entries(deployment.tokens).map(([s, t]) => [s, t.decimals]));
  expect(decimals).toEqual({ USDC: 6, USDT: 6, DAI: 18, FAU: 18 });
  const onChain = await tokenAt(deployment.tokens.USDT.address).getFunction<View<bigint>>('decimals')();
  expect(onChain).toBe(6n);
  expect(await balanceOf(deployment.tokens.USDC.address, payerAccount.address)).toBe(1_000_000n * 10n ** 6n);
  expect(await balanceOf(deployment.tokens.DAI.address, payerAccount.address)).toBe(1_000_000n * 10n ** 18n);
});

test('ERC20FeeProxy pays amount to the payee and the fee on top, and logs the reference', async () => {
  const usdc = deployment.tokens.USDC.address;
  const proxyAddress = deployment.contracts.ERC20FeeProxy;
  const amount = 100_000_000n; // 100 USDC
  const fee = 1_500_000n; // 1.5 USDC
  const before = await balanceOf(usdc, payerAccount.address);

  await mined(tokenAt(usdc, payer).getFunction<Send>('approve')(proxyAddress, amount + fee));
  const proxy = new Contract(proxyAddress, rn('ERC20FeeProxy'), payer);
  const receipt = await mined(
    proxy.getFunction<Send>('transferFromWithReferenceAndFee')(usdc, PAYEE, amount, REFERENCE, fee, FEE_COLLECTOR),
  );

  expect(await balanceOf(usdc, PAYEE)).toBe(amount);
  expect(await balanceOf(usdc, FEE_COLLECTOR)).toBe(fee);
  expect(await balanceOf(usdc, payerAccount.address)).toBe(before - amount - fee);
  const log = receipt.logs.find((l) => l.address === proxyAddress);
  expect(log?.topics).toEqual([ERC20_EVENT_TOPIC, REFERENCE_TOPIC]);
  const decoded = new Interface(rn('ERC20FeeProxy')).parseLog({ topics: [...(log?.topics ?? [])], data: log?.data ?? '0x' });
  expect(decoded?.args.toArray()).toEqual([usdc, PAYEE, amount, indexedRef, fee, FEE_COLLECTOR]);
});

test('ERC20FeeProxy reverts on the fee leg when the allowance covers only the amount', async () => {
  const dai = deployment.tokens.DAI.address;
  const proxyAddress = deployment.contracts.ERC20FeeProxy;
  const shortPayer = new Wallet(shortPayerAccount.privateKey, provider);
  const amount = 10n ** 18n;
  const fee = 10n ** 16n;
  await mined(tokenAt(dai, shortPayer).getFunction<Send>('approve')(proxyAddress, amount + fee - 1n));
  const proxy = new Contract(proxyAddress, rn('ERC20FeeProxy'), shortPayer);

  const failure: unknown = await proxy
    .getFunction<Send>('transferFromWithReferenceAndFee')
    .staticCall(dai, PAYEE, amount, REFERENCE, fee, FEE_COLLECTOR)
    .then(
      () => 'no revert',
      (error: unknown) => error,
    );
  // Request Network's low-level safeTransferFrom drops the token's 100-byte custom error and
  // reverts with no data (`revert(0, 0)` on an unexpected return size).
  expect(isError(failure, 'CALL_EXCEPTION') && failure.data).toBe('0x');

  // Sent anyway (fixed gas, no estimate): it is mined as failed and moves nothing.
  const tx = await proxy
    .getFunction<Send>('transferFromWithReferenceAndFee')
    .send(dai, PAYEE, amount, REFERENCE, fee, FEE_COLLECTOR, { gasLimit: 300_000n });
  await expect(tx.wait()).rejects.toMatchObject({ code: 'CALL_EXCEPTION', receipt: { status: 0 } });
  expect(await balanceOf(dai, PAYEE)).toBe(0n);
  expect(await balanceOf(dai, shortPayerAccount.address)).toBe(1_000_000n * 10n ** 18n);
});

test('edge cases of the published proxies: an ERC-20 fee without fee address is not charged, a native one is burned', async () => {
  const usdt = deployment.tokens.USDT.address;
  const payee = getAddress('0x000000000000000000000000000000000000d0d0');
  await mined(tokenAt(usdt, payer).getFunction<Send>('approve')(deployment.contracts.ERC20FeeProxy, 7_000_000n));
  const erc20Proxy = new Contract(deployment.contracts.ERC20FeeProxy, rn('ERC20FeeProxy'), payer);
  await mined(erc20Proxy.getFunction<Send>('transferFromWithReferenceAndFee')(usdt, payee, 7_000_000n, REFERENCE, 5n, ZeroAddress));
  expect(await balanceOf(usdt, payee)).toBe(7_000_000n);
  expect(await balanceOf(usdt, payerAccount.address)).toBe(1_000_000n * 10n ** 6n - 7_000_000n);

  const native = new Contract(deployment.contracts.EthereumFeeProxy, rn('EthereumFeeProxy'), payer);
  const pay = native.getFunction<Send>('transferWithReferenceAndFee');
  // msg.value - fee underflows: Solidity's arithmetic panic (0x11), no reason string.
  await expect(pay.staticCall(payee, REFERENCE, 10n, NATIVE_FEES, { value: 9n })).rejects.toMatchObject({
    revert: { name: 'Panic', args: [0x11] },
  });
  // A native fee to the zero address is not refused: `transfer` sends it there (Payrail never asks for it).
  // (Its balance is not compared: on anvil the zero address is the coinbase and earns the tips.)
  const burn = await mined(pay(payee, REFERENCE, 1n, ZeroAddress, { value: 9n }));
  expect(burn.status).toBe(1);
  await expect(payer.sendTransaction({ to: deployment.contracts.EthereumFeeProxy, value: 1n })).rejects.toMatchObject({
    reason: 'not payable receive',
  });
  payer.reset(); // the refused send above used up a nonce in the NonceManager
});

test('EthereumFeeProxy pays a Safe-like payee (full-gas call) but reverts when the fee address needs more than 2,300 gas', async () => {
  const deploy = async (name: string) => {
    const { abi, bytecode } = loadArtifact(name);
    const contract = await new ContractFactory(abi, bytecode, payer).deploy();
    await contract.waitForDeployment();
    return contract.getAddress();
  };
  const [safeLike, cheap] = [await deploy('TestSafeLikeWallet'), await deploy('TestCheapReceiver')];
  const pay = new Contract(deployment.contracts.EthereumFeeProxy, rn('EthereumFeeProxy'), payer).getFunction<Send>(
    'transferWithReferenceAndFee',
  );

  await mined(pay(safeLike, REFERENCE, 2n, cheap, { value: 102n }));
  expect(await provider.getBalance(safeLike)).toBe(100n);
  expect(await provider.getBalance(cheap)).toBe(2n);

  // The fee leg is `_feeAddress.transfer(fee)`: 2,300 gas, not enough for a storage write. Even a zero fee calls it.
  for (const fee of [2n, 0n]) {
    const failure: unknown = await pay.staticCall(NATIVE_PAYEE, REFERENCE, fee, safeLike, { value: 100n + fee }).then(
      () => 'no revert',
      (error: unknown) => error,
    );
    expect(isError(failure, 'CALL_EXCEPTION')).toBe(true);
  }
});

test('EthereumFeeProxy splits msg.value into amount and fee and logs the reference', async () => {
  const proxyAddress = deployment.contracts.EthereumFeeProxy;
  const amount = parseEther('0.25');
  const fee = parseEther('0.01');
  const before = await provider.getBalance(payerAccount.address);
  const proxy = new Contract(proxyAddress, rn('EthereumFeeProxy'), payer);

  const receipt = await mined(
    proxy.getFunction<Send>('transferWithReferenceAndFee')(NATIVE_PAYEE, REFERENCE, fee, NATIVE_FEES, {
      value: amount + fee,
    }),
  );

  expect(await provider.getBalance(NATIVE_PAYEE)).toBe(amount);
  expect(await provider.getBalance(NATIVE_FEES)).toBe(fee);
  expect(await provider.getBalance(proxyAddress)).toBe(0n);
  const gas = receipt.gasUsed * receipt.gasPrice;
  expect(await provider.getBalance(payerAccount.address)).toBe(before - amount - fee - gas);
  expect(receipt.logs).toHaveLength(1);
  expect(receipt.logs[0].topics).toEqual([NATIVE_EVENT_TOPIC, REFERENCE_TOPIC]);
  const decoded = new Interface(rn('EthereumFeeProxy')).parseLog({ topics: [...receipt.logs[0].topics], data: receipt.logs[0].data });
  expect(decoded?.args.toArray()).toEqual([NATIVE_PAYEE, amount, indexedRef, fee, NATIVE_FEES]);
});

test('EthereumFeeProxy exact-amount variant refunds whatever exceeds amount plus fee', async () => {
  const payee = getAddress('0x000000000000000000000000000000000000c0c0');
  const fees = getAddress('0x000000000000000000000000000000000000fee3');
  const amount = parseEther('1');
  const fee = parseEther('0.02');
  const before = await provider.getBalance(payerAccount.address);
  const proxy = new Contract(deployment.contracts.EthereumFeeProxy, rn('EthereumFeeProxy'), payer);

  const receipt = await mined(
    proxy.getFunction<Send>('transferExactEthWithReferenceAndFee')(payee, amount, REFERENCE, fee, fees, {
      value: amount + fee + parseEther('0.5'),
    }),
  );

  expect(await provider.getBalance(payee)).toBe(amount);
  expect(await provider.getBalance(fees)).toBe(fee);
  expect(await provider.getBalance(payerAccount.address)).toBe(before - amount - fee - receipt.gasUsed * receipt.gasPrice);
});

test('price feeds answer the configured prices with 8 decimals, and only the deployer moves them', async () => {
  const expected: Record<string, bigint> = {
    'EUR/USD': 108_000_000n,
    'GBP/USD': 127_000_000n,
    'CNY/USD': 13_800_000n,
    'JPY/USD': 670_000n,
    'USDC/USD': 100_000_000n,
    'USDT/USD': 100_000_000n,
    'DAI/USD': 100_000_000n,
    'ETH/USD': 300_000_000_000n,
  };
  expect(Object.keys(deployment.feeds).sort()).toEqual(Object.keys(expected).sort());
  const { abi } = loadArtifact('MockV3Aggregator');
  const now = (await provider.getBlock('latest'))?.timestamp ?? 0;
  for (const [pair, answer] of Object.entries(expected)) {
    const feed = new Contract(deployment.feeds[pair], abi, provider);
    expect(await feed.getFunction('decimals')()).toBe(8n);
    expect(await feed.getFunction('description')()).toBe(pair);
    const [roundId, latest, startedAt, updatedAt, answeredInRound] = (await feed.getFunction('latestRoundData')()) as bigint[];
    expect([roundId, latest, answeredInRound]).toEqual([1n, answer, 1n]);
    expect(startedAt).toBe(updatedAt);
    expect(Number(updatedAt)).toBeGreaterThan(0);
    expect(Number(updatedAt)).toBeLessThanOrEqual(now);
  }

  const eurUsd = new Contract(deployment.feeds['EUR/USD'], abi, new Wallet(deployer.privateKey, provider));
  const receipt = await mined(eurUsd.getFunction<Send>('updateAnswer')(110_000_000n));
  const block = await provider.getBlock(receipt.blockNumber);
  const round2 = (await eurUsd.getFunction('latestRoundData')()) as bigint[];
  expect(round2).toEqual([2n, 110_000_000n, BigInt(block?.timestamp ?? -1), BigInt(block?.timestamp ?? -1), 2n]);
  expect(((await eurUsd.getFunction('getRoundData')(1n)) as bigint[])[1]).toBe(108_000_000n);

  const stranger = new Contract(deployment.feeds['EUR/USD'], abi, new Wallet(payerAccount.privateKey, provider));
  await expect(stranger.getFunction('updateAnswer').staticCall(1n)).rejects.toMatchObject({
    revert: { name: 'OwnableUnauthorizedAccount', args: [payerAccount.address] },
  });
});

test("the chain runs Request Network's published bytecode, and the batch contract charges a 0.30% batch fee capped at $150", async () => {
  for (const name of ['ERC20FeeProxy', 'EthereumFeeProxy', 'BatchConversionPayments'] as const) {
    expect(await provider.getCode(deployment.contracts[name])).toBe(await publishedRuntimeCode(provider, name));
  }
  const batch = new Contract(deployment.contracts.BatchConversionPayments, rn('BatchConversionPayments'), provider);
  expect(await batch.getFunction<View<bigint>>('batchFee')()).toBe(BigInt(LOCAL_BATCH_FEE_BPS));
  expect(LOCAL_BATCH_FEE_BPS).toBe(30);
  expect(await batch.getFunction<View<bigint>>('batchFeeAmountUSDLimit')()).toBe(LOCAL_BATCH_FEE_USD_LIMIT);
  expect(await batch.getFunction<View<string>>('paymentErc20Proxy')()).toBe(deployment.contracts.ERC20FeeProxy);
  expect(await batch.getFunction<View<string>>('paymentNativeProxy')()).toBe(deployment.contracts.EthereumFeeProxy);
  expect(await batch.getFunction<View<string>>('chainlinkConversionPath')()).toBe(deployment.contracts.ChainlinkConversionPath);
  expect(await batch.getFunction<View<string>>('owner')()).toBe(deployer.address);
});

test('deploying again with the previous deployment sends nothing while its code is on chain', async () => {
  const blockBefore = await provider.getBlockNumber();
  const nonceBefore = await provider.getTransactionCount(deployer.address);

  const again = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, previous: deployment });

  expect(again).toBe(deployment);
  expect(await provider.getBlockNumber()).toBe(blockBefore);
  expect(await provider.getTransactionCount(deployer.address)).toBe(nonceBefore);
});

test('a previous deployment whose fee proxy is not the published bytecode is deployed anew', async () => {
  const stale = { ...deployment, contracts: { ...deployment.contracts, EthereumFeeProxy: deployment.tokens.USDC.address } };

  const again = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, previous: stale });

  expect(again).not.toBe(stale);
  expect(again.contracts.EthereumFeeProxy).not.toBe(deployment.contracts.EthereumFeeProxy);
  expect(await provider.getCode(again.contracts.EthereumFeeProxy)).toBe(await publishedRuntimeCode(provider, 'EthereumFeeProxy'));
});
