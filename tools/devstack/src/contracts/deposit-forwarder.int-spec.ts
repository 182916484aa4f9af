import {
  Contract,
  ContractFactory,
  getAddress,
  Interface,
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

import {
  depositAddress,
  depositImplementation,
  encodeDeployAndSweep,
  encodeDeployAndSweepMany,
  DEPOSIT_FACTORY_ABI,
  type DepositTerms,
} from '@payrail/chains';
import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './deploy.js';

// The forwarder is money-holding: every test below tries to move deposited funds somewhere the terms
// do not say, on the local chain running Request Network's published fee proxies.

type Send = ContractMethod<unknown[], void, ContractTransactionResponse>;
type View<R> = ContractMethod<unknown[], R, R>;

const [deployer, payerAccount, strangerAccount, relayerAccount] = ANVIL_ACCOUNTS;
const FEE_ADDRESS = getAddress('0x0000000000000000000000000000000000000fee');
const ERC20_EVENT_TOPIC = '0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6';
const NATIVE_EVENT_TOPIC = '0xa1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96';

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let deployment: LocalDeployment;
let payer: NonceManager;
let stranger: NonceManager;
let relayer: NonceManager;
let factory: Contract;
let payeeCounter = 0;

const errors = new Interface(
  [...loadArtifact('DepositForwarderFactory').abi, ...loadArtifact('DepositForwarder').abi].filter((f) => f.type === 'error'),
);

const freshPayee = (): string => getAddress(`0x${(0xa11ce000 + ++payeeCounter).toString(16).padStart(40, '0')}`);
const reference = (n: number): string => `0x${n.toString(16).padStart(16, '0')}`;
const tokenAt = (address: string, runner: NonceManager | JsonRpcProvider = provider, name = 'TestERC20'): Contract =>
  new Contract(address, loadArtifact(name).abi, runner);
const balanceOf = (token: string, owner: string): Promise<bigint> => tokenAt(token).getFunction<View<bigint>>('balanceOf')(owner);
const mined = async (tx: Promise<ContractTransactionResponse>): Promise<TransactionReceipt> => {
  const receipt = await (await tx).wait();
  if (receipt === null) throw new Error('transaction was not mined');
  return receipt;
};
const terms = (over: Partial<DepositTerms> & { token: string }): DepositTerms => ({
  proxy: over.token === ZeroAddress ? deployment.contracts.EthereumFeeProxy : deployment.contracts.ERC20FeeProxy,
  payee: freshPayee(),
  amount: 100_000_000n,
  paymentReference: reference(++payeeCounter),
  feeAmount: 1_000_000n,
  feeAddress: FEE_ADDRESS,
  ...over,
});
async function sweep(t: DepositTerms, by: NonceManager = relayer): Promise<TransactionReceipt> {
  const receipt = await (
    await by.sendTransaction({ to: deployment.contracts.DepositForwarderFactory, data: encodeDeployAndSweep(t) })
  ).wait();
  if (receipt?.status !== 1) throw new Error('sweep failed');
  return receipt;
}
/** The custom error (or revert string) a failing sweep meets. */
async function sweepError(t: DepositTerms, by: NonceManager = relayer): Promise<string> {
  try {
    await provider.call({ from: await by.getAddress(), to: deployment.contracts.DepositForwarderFactory, data: encodeDeployAndSweep(t) });
    return 'succeeded';
  } catch (error) {
    const data = (error as { data?: string }).data;
    if (data && data.length >= 10) return errors.parseError(data)?.name ?? `revert ${data.slice(0, 10)}`;
    return String((error as { reason?: string }).reason ?? (error as Error).message);
  }
}
async function deployTestContract(name: string, ...args: unknown[]): Promise<Contract> {
  const artifact = loadArtifact(name);
  const contract = await new ContractFactory(artifact.abi, artifact.bytecode, payer).deploy(...args);
  await contract.waitForDeployment();
  return new Contract(await contract.getAddress(), artifact.abi, payer);
}

beforeAll(async () => {
  await compileContracts();
  anvil = await startAnvil({ port: await freePort() });
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { pollingInterval: 100, cacheTimeout: -1 });
  deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey });
  await fundAccounts({
    rpcUrl: anvil.rpcUrl,
    deployerPrivateKey: deployer.privateKey,
    deployment,
    accounts: [payerAccount.address, strangerAccount.address],
  });
  payer = new NonceManager(new Wallet(payerAccount.privateKey, provider));
  stranger = new NonceManager(new Wallet(strangerAccount.privateKey, provider));
  relayer = new NonceManager(new Wallet(relayerAccount.privateKey, provider));
  factory = new Contract(deployment.contracts.DepositForwarderFactory, loadArtifact('DepositForwarderFactory').abi, provider);
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

test('the deposit address is the factory addressOf (an EIP-1167 clone of its implementation), derived offline', async () => {
  expect(await factory.getFunction<View<string>>('implementation')()).toBe(
    depositImplementation(deployment.contracts.DepositForwarderFactory),
  );
  const t = terms({ token: deployment.tokens.USDC.address });
  const onChain = await factory.getFunction<View<string>>('addressOf')([
    t.proxy,
    t.token,
    t.payee,
    t.amount,
    t.paymentReference,
    t.feeAmount,
    t.feeAddress,
  ]);
  expect(onChain).toBe(depositAddress(deployment.contracts.DepositForwarderFactory, t));
  // Every term changes the address.
  const other = depositAddress(deployment.contracts.DepositForwarderFactory, { ...t, payee: strangerAccount.address });
  expect(other).not.toBe(onChain);
});

test('an ERC-20 deposit made by plain transfer is paid once, through the ERC20FeeProxy, with the reference; the excess stays', async () => {
  const usdc = deployment.tokens.USDC.address;
  const t = terms({ token: usdc });
  const at = depositAddress(deployment.contracts.DepositForwarderFactory, t);
  const feeBefore = await balanceOf(usdc, FEE_ADDRESS);
  await mined(tokenAt(usdc, payer).getFunction<Send>('transfer')(at, t.amount + t.feeAmount + 7n));

  const receipt = await sweep(t);
  expect(await balanceOf(usdc, t.payee)).toBe(t.amount);
  expect(await balanceOf(usdc, FEE_ADDRESS)).toBe(feeBefore + t.feeAmount);
  expect(await balanceOf(usdc, at)).toBe(7n); // overpayment held in the forwarder
  const log = receipt.logs.find((l) => l.address === deployment.contracts.ERC20FeeProxy);
  expect(log?.topics).toEqual([ERC20_EVENT_TOPIC, keccak256(t.paymentReference)]);
  expect(await balanceOf(usdc, relayerAccount.address)).toBe(0n);
  // A second sweep pays nothing again; the held excess cannot be swept out.
  expect(await sweepError(t)).toBe('AlreadySwept');
  expect(await balanceOf(usdc, at)).toBe(7n);
  expect(await balanceOf(usdc, t.payee)).toBe(t.amount);
});

test('a wrong caller cannot sweep the forwarder, and terms changed by anyone point at another (empty) address', async () => {
  const dai = deployment.tokens.DAI.address;
  const t = terms({ token: dai, amount: 5n * 10n ** 18n, feeAmount: 0n });
  const at = depositAddress(deployment.contracts.DepositForwarderFactory, t);
  await mined(tokenAt(dai, payer).getFunction<Send>('transfer')(at, t.amount * 2n));
  await sweep(t, stranger); // permissionless: the stranger can only pay the fixed payee
  expect(await balanceOf(dai, t.payee)).toBe(t.amount);
  expect(await balanceOf(dai, at)).toBe(t.amount);
  const strangerBefore = await balanceOf(dai, strangerAccount.address);

  const forwarder = new Contract(at, loadArtifact('DepositForwarder').abi, stranger);
  const tuple = [t.proxy, t.token, t.payee, t.amount, t.paymentReference, t.feeAmount, t.feeAddress];
  // The forwarder (and the implementation every clone delegates to) only answers its factory.
  for (const to of [at, depositImplementation(deployment.contracts.DepositForwarderFactory)]) {
    const direct = await provider
      .call({ from: strangerAccount.address, to, data: forwarder.interface.encodeFunctionData('sweep', [tuple]) })
      .catch((e: { data?: string }) => e.data);
    expect(errors.parseError(direct ?? '0x')?.name).toBe('NotFactory');
  }
  // Redirecting the payee, the fee address or the fee derives another address holding nothing.
  for (const redirected of [
    { ...t, payee: strangerAccount.address },
    { ...t, feeAddress: strangerAccount.address, feeAmount: t.amount },
    { ...t, amount: t.amount * 2n },
  ]) {
    expect(depositAddress(deployment.contracts.DepositForwarderFactory, redirected)).not.toBe(at);
    expect(await sweepError(redirected, stranger)).toBe('Underfunded');
  }
  expect(await balanceOf(dai, strangerAccount.address)).toBe(strangerBefore);
  expect(await balanceOf(dai, at)).toBe(t.amount);
});

test('an underpaid deposit cannot be swept: nothing is created, the funds stay, and the rest completes it', async () => {
  const usdt = deployment.tokens.USDT.address;
  const t = terms({ token: usdt });
  const at = depositAddress(deployment.contracts.DepositForwarderFactory, t);
  await mined(tokenAt(usdt, payer).getFunction<Send>('transfer')(at, t.amount));
  expect(await sweepError(t)).toBe('Underfunded');
  expect(await provider.getCode(at)).toBe('0x');
  await mined(tokenAt(usdt, payer).getFunction<Send>('transfer')(at, t.feeAmount));
  await sweep(t);
  expect(await balanceOf(usdt, t.payee)).toBe(t.amount);
  expect(await balanceOf(usdt, at)).toBe(0n);
});

test('a native deposit is paid through the EthereumFeeProxy; a reentrant payee cannot make it pay twice', async () => {
  const reentrant = await deployTestContract('TestReentrantPayee');
  const t = terms({ token: ZeroAddress, payee: await reentrant.getAddress(), amount: parseEther('1'), feeAmount: parseEther('0.01') });
  await mined(
    reentrant.getFunction<Send>('arm')(deployment.contracts.DepositForwarderFactory, [
      t.proxy,
      t.token,
      t.payee,
      t.amount,
      t.paymentReference,
      t.feeAmount,
      t.feeAddress,
    ]),
  );
  const at = depositAddress(deployment.contracts.DepositForwarderFactory, t);
  await (await payer.sendTransaction({ to: at, value: t.amount * 2n + t.feeAmount })).wait();

  const receipt = await sweep(t);
  expect(receipt.logs.some((l) => l.address === deployment.contracts.EthereumFeeProxy && l.topics[0] === NATIVE_EVENT_TOPIC)).toBe(true);
  expect(await provider.getBalance(t.payee)).toBe(t.amount);
  expect(await reentrant.getFunction<View<bigint>>('attempts')()).toBe(1n);
  expect(await reentrant.getFunction<View<boolean>>('reentered')()).toBe(false);
  expect(await provider.getBalance(at)).toBe(t.amount); // the excess is held
  expect(await sweepError(t)).toBe('AlreadySwept');
});

test('a token whose transferFrom returns false leaves the deposit where it is', async () => {
  const token = await deployTestContract('TestFalseToken');
  const address = await token.getAddress();
  await mined(token.getFunction<Send>('mint')(payerAccount.address, 10n ** 24n));
  const t = terms({ token: address });
  const at = depositAddress(deployment.contracts.DepositForwarderFactory, t);
  await mined(token.getFunction<Send>('transfer')(at, t.amount + t.feeAmount));
  const error = await sweepError(t);
  expect(error).not.toBe('succeeded');
  expect(await provider.getCode(at)).toBe('0x');
  expect(await balanceOf(address, at)).toBe(t.amount + t.feeAmount);
  expect(await balanceOf(address, t.payee)).toBe(0n);
});

test('a fee-on-transfer token: the short deposit is refused, the completed one pays only the payee and fee address', async () => {
  const token = await deployTestContract('TestFeeOnTransferToken');
  const address = await token.getAddress();
  await mined(token.getFunction<Send>('mint')(payerAccount.address, 10n ** 24n));
  const t = terms({ token: address, amount: 1_000_000n, feeAmount: 0n });
  const at = depositAddress(deployment.contracts.DepositForwarderFactory, t);
  await mined(token.getFunction<Send>('transfer')(at, t.amount)); // 1% burnt on the way: 990,000 arrive
  expect(await balanceOf(address, at)).toBe(990_000n);
  expect(await sweepError(t)).toBe('Underfunded');
  await mined(token.getFunction<Send>('transfer')(at, 20_000n)); // 19,800 arrive: 1,009,800 held
  await sweep(t);
  // The proxy moved `amount` out of the forwarder; the token burnt 1% of it on the way to the payee.
  expect(await balanceOf(address, t.payee)).toBe(990_000n);
  expect(await balanceOf(address, at)).toBe(9_800n);
  expect(await balanceOf(address, relayerAccount.address)).toBe(0n);
});

test('a batch sweep pays each deposit once, all or nothing: one underfunded or already swept item reverts it', async () => {
  const usdc = deployment.tokens.USDC.address;
  const [one, two, short] = [terms({ token: usdc }), terms({ token: usdc }), terms({ token: usdc })];
  const [oneAt, twoAt, shortAt] = [one, two, short].map((t) => depositAddress(deployment.contracts.DepositForwarderFactory, t));
  for (const [at, value] of [
    [oneAt, one.amount + one.feeAmount],
    [twoAt, two.amount + two.feeAmount + 5n],
    [shortAt, short.amount],
  ] as const)
    await mined(tokenAt(usdc, payer).getFunction<Send>('transfer')(at, value));
  const batchError = async (batch: DepositTerms[]): Promise<string> => {
    const data = encodeDeployAndSweepMany(batch);
    const to = deployment.contracts.DepositForwarderFactory;
    const raw = await provider.call({ from: relayerAccount.address, to, data }).then(
      () => 'succeeded',
      (e: { data?: string }) => e.data ?? 'reverted',
    );
    return raw === 'succeeded' ? raw : (errors.parseError(raw)?.name ?? raw);
  };
  expect(await batchError([one, short])).toBe('Underfunded');
  expect(await batchError([one, two, one])).toBe('AlreadySwept');

  const receipt = await (
    await relayer.sendTransaction({ to: deployment.contracts.DepositForwarderFactory, data: encodeDeployAndSweepMany([one, two]) })
  ).wait();
  const swept = (receipt?.logs ?? []).map((l) => DEPOSIT_FACTORY_ABI.parseLog(l)).filter((e) => e?.name === 'Swept');
  expect(swept.map((e) => getAddress(String(e?.args[0])))).toEqual([oneAt, twoAt]);
  expect(await balanceOf(usdc, one.payee)).toBe(one.amount);
  expect(await balanceOf(usdc, two.payee)).toBe(two.amount);
  expect(await balanceOf(usdc, twoAt)).toBe(5n); // the excess stays
  expect(await batchError([one])).toBe('AlreadySwept');
  expect(await balanceOf(usdc, shortAt)).toBe(short.amount); // waits for the rest
  expect(await provider.getCode(shortAt)).toBe('0x');
  // The watcher's read: many balances in one call (token, or native with the zero address).
  const balancesOf = factory.getFunction<View<bigint[]>>('balancesOf');
  expect([...(await balancesOf(usdc, [oneAt, twoAt, shortAt]))]).toEqual([0n, 5n, short.amount]);
  expect([...(await balancesOf(ZeroAddress, [shortAt, payerAccount.address]))]).toEqual([
    0n,
    await provider.getBalance(payerAccount.address),
  ]);
  expect(await balanceOf(usdc, relayerAccount.address)).toBe(0n);
});
