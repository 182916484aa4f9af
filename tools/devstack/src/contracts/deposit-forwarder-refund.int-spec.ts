import {
  Contract,
  ContractFactory,
  getAddress,
  id,
  Interface,
  JsonRpcProvider,
  NonceManager,
  parseEther,
  Wallet,
  ZeroAddress,
  type ContractMethod,
  type ContractTransactionResponse,
} from 'ethers';

import {
  depositAddress,
  depositRefundTypedData,
  encodeDeployAndRefund,
  encodeDeployAndSweep,
  type DepositRefund,
  type DepositTerms,
} from '@payrail/chains';
import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './deploy.js';

// Refunds of what a deposit forwarder holds (issue #35): only where the terms' payee signed (EIP-712),
// once per refund id, never the unpaid payment's amount + fee. Each test tries a misuse on the local
// chain running Request Network's published fee proxies; the relayer (a stranger to the payee) submits.

type Send = ContractMethod<unknown[], void, ContractTransactionResponse>;
type View<R> = ContractMethod<unknown[], R, R>;

const [deployer, payerAccount, strangerAccount, relayerAccount] = ANVIL_ACCOUNTS;
const FEE_ADDRESS = getAddress('0x0000000000000000000000000000000000000fee');
const CHAIN_ID = 11155111;
const FAR = 4_000_000_000n; // a deadline in 2096

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let deployment: LocalDeployment;
let payer: NonceManager;
let relayer: NonceManager;
let counter = 0;

const errors = new Interface(
  [...loadArtifact('DepositForwarderFactory').abi, ...loadArtifact('DepositForwarder').abi].filter((f) => f.type === 'error'),
);
/** A payee that can sign: a key derived from a counter (deterministic, never a real account). */
const newPayee = (): Wallet => new Wallet(id(`payrail refund test payee ${++counter}`));
const reference = (n: number): string => `0x${n.toString(16).padStart(16, '0')}`;
const refundId = (n: number): string => id(`refund ${n}`);
const tokenAt = (address: string, name = 'TestERC20'): Contract => new Contract(address, loadArtifact(name).abi, payer);
const balanceOf = (token: string, owner: string): Promise<bigint> =>
  token === ZeroAddress ? provider.getBalance(owner) : tokenAt(token).getFunction<View<bigint>>('balanceOf')(owner);
const factoryAddress = (): string => deployment.contracts.DepositForwarderFactory;
const terms = (payee: string, over: Partial<DepositTerms> & { token: string }): DepositTerms => ({
  proxy: over.token === ZeroAddress ? deployment.contracts.EthereumFeeProxy : deployment.contracts.ERC20FeeProxy,
  payee,
  amount: 100_000_000n,
  paymentReference: reference(++counter),
  feeAmount: 1_000_000n,
  feeAddress: FEE_ADDRESS,
  ...over,
});
const order = (over: Partial<DepositRefund> & { token: string; amount: bigint }): DepositRefund => ({
  to: strangerAccount.address,
  refundId: refundId(++counter),
  deadline: FAR,
  ...over,
});
/** The payee's (or `signer`'s) EIP-712 signature of `r` for the forwarder of `t`. */
async function sign(t: DepositTerms, r: DepositRefund, signer: Wallet): Promise<string> {
  const typed = depositRefundTypedData(CHAIN_ID, depositAddress(factoryAddress(), t), r);
  return signer.signTypedData(typed.domain, typed.types, typed.message);
}
/** The relayer submits the refund: 'ok' when mined, else the custom error the simulation meets. */
async function submit(t: DepositTerms, r: DepositRefund, signature: string): Promise<string> {
  const tx = { from: relayerAccount.address, to: factoryAddress(), data: encodeDeployAndRefund(t, r, signature) };
  try {
    await provider.call(tx);
  } catch (error) {
    const data = (error as { data?: string }).data;
    return data && data.length >= 10 ? (errors.parseError(data)?.name ?? `revert ${data.slice(0, 10)}`) : 'reverted';
  }
  const receipt = await (await relayer.sendTransaction({ to: tx.to, data: tx.data })).wait();
  return receipt?.status === 1 ? 'ok' : 'reverted';
}
async function sweep(t: DepositTerms): Promise<void> {
  const receipt = await (await relayer.sendTransaction({ to: factoryAddress(), data: encodeDeployAndSweep(t) })).wait();
  if (receipt?.status !== 1) throw new Error('sweep failed');
}
async function deployTest(name: string): Promise<Contract> {
  const artifact = loadArtifact(name);
  const contract = await new ContractFactory(artifact.abi, artifact.bytecode, payer).deploy();
  await contract.waitForDeployment();
  const token = new Contract(await contract.getAddress(), artifact.abi, payer);
  await (await token.getFunction<Send>('mint')(payerAccount.address, 10n ** 24n)).wait();
  return token;
}
const pay = async (token: string, to: string, value: bigint): Promise<void> => {
  if (token === ZeroAddress) await (await payer.sendTransaction({ to, value })).wait();
  else await (await tokenAt(token).getFunction<Send>('transfer')(to, value)).wait();
};

beforeAll(async () => {
  await compileContracts();
  anvil = await startAnvil({ port: await freePort() });
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { pollingInterval: 100, cacheTimeout: -1 });
  deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey });
  await fundAccounts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, deployment, accounts: [payerAccount.address] });
  payer = new NonceManager(new Wallet(payerAccount.privateKey, provider));
  relayer = new NonceManager(new Wallet(relayerAccount.privateKey, provider));
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

test('an unpaid deposit refunds only its excess, once, where the payee signed; the payment is still made in full', async () => {
  const usdc = deployment.tokens.USDC.address;
  const payee = newPayee();
  const t = terms(payee.address, { token: usdc });
  const at = depositAddress(factoryAddress(), t);
  await pay(usdc, at, t.amount + t.feeAmount + 50n); // 50 too much

  // The payment's own amount (or anything above the excess) cannot leave while it is unpaid.
  for (const amount of [51n, t.amount, t.amount + t.feeAmount + 50n]) {
    const r = order({ token: usdc, amount });
    expect(await submit(t, r, await sign(t, r, payee))).toBe('ExceedsRefundable');
  }
  // Nobody but the payee decides: a stranger's signature, the payee's signature with another `to`,
  // amount or token, or for another forwarder, all fail.
  const r = order({ token: usdc, amount: 30n });
  const good = await sign(t, r, payee);
  expect(await submit(t, r, await sign(t, r, new Wallet(strangerAccount.privateKey)))).toBe('BadSignature');
  expect(await submit(t, { ...r, to: relayerAccount.address }, good)).toBe('BadSignature');
  expect(await submit(t, { ...r, amount: 50n }, good)).toBe('BadSignature');
  const other = terms(payee.address, { token: usdc });
  await pay(usdc, depositAddress(factoryAddress(), other), 100n);
  expect(await submit(other, r, good)).toBe('BadSignature'); // signed for `at`, not for this forwarder
  expect(await submit(t, { ...r, deadline: 1n }, await sign(t, { ...r, deadline: 1n }, payee))).toBe('RefundExpired');

  expect(await submit(t, r, good)).toBe('ok');
  expect(await balanceOf(usdc, strangerAccount.address)).toBe(30n);
  expect(await submit(t, r, good)).toBe('RefundUsed'); // the same signature, again
  // A second refund (its own id) of the rest of the excess; then the payment pays in full.
  const rest = order({ token: usdc, amount: 20n });
  expect(await submit(t, rest, await sign(t, rest, payee))).toBe('ok');
  expect(await balanceOf(usdc, at)).toBe(t.amount + t.feeAmount);
  await sweep(t);
  expect(await balanceOf(usdc, payee.address)).toBe(t.amount);
  expect(await balanceOf(usdc, at)).toBe(0n);
  expect(await balanceOf(usdc, strangerAccount.address)).toBe(50n);
});

test('after the sweep the held excess is refundable, never more; wrong-token funds are refundable before any code exists', async () => {
  const dai = deployment.tokens.DAI.address;
  const usdc = deployment.tokens.USDC.address;
  const payee = newPayee();
  const t = terms(payee.address, { token: dai, amount: 10n ** 18n, feeAmount: 0n });
  const at = depositAddress(factoryAddress(), t);
  await pay(usdc, at, 777n); // the wrong token, before anything is swept (no code at the address)
  expect(await provider.getCode(at)).toBe('0x');
  const wrong = order({ token: usdc, amount: 777n, to: payerAccount.address });
  const payerUsdc = await balanceOf(usdc, payerAccount.address);
  expect(await submit(t, wrong, await sign(t, wrong, payee))).toBe('ok'); // the factory creates the clone on the way
  expect(await balanceOf(usdc, payerAccount.address)).toBe(payerUsdc + 777n);

  await pay(dai, at, t.amount + 9n);
  await sweep(t);
  const tooMuch = order({ token: dai, amount: 10n });
  expect(await submit(t, tooMuch, await sign(t, tooMuch, payee))).toBe('ExceedsRefundable');
  const excess = order({ token: dai, amount: 9n });
  expect(await submit(t, excess, await sign(t, excess, payee))).toBe('ok');
  expect(await balanceOf(dai, payee.address)).toBe(t.amount);
  expect(await balanceOf(dai, at)).toBe(0n);
});

test('native excess: refunded before the sweep without touching amount + fee', async () => {
  const payee = newPayee();
  const t = terms(payee.address, { token: ZeroAddress, amount: parseEther('1'), feeAmount: parseEther('0.01') });
  const at = depositAddress(factoryAddress(), t);
  await pay(ZeroAddress, at, t.amount + t.feeAmount + parseEther('0.5'));
  const all = order({ token: ZeroAddress, amount: parseEther('0.5') + 1n });
  expect(await submit(t, all, await sign(t, all, payee))).toBe('ExceedsRefundable');
  const r = order({ token: ZeroAddress, amount: parseEther('0.5'), to: getAddress('0x00000000000000000000000000000000000be5e7') });
  expect(await submit(t, r, await sign(t, r, newPayee()))).toBe('BadSignature');
  expect(await submit(t, r, await sign(t, r, payee))).toBe('ok');
  expect(await balanceOf(ZeroAddress, r.to)).toBe(parseEther('0.5'));
  await sweep(t);
  expect(await balanceOf(ZeroAddress, payee.address)).toBe(t.amount);
  expect(await balanceOf(ZeroAddress, at)).toBe(0n);
});

test('an ERC-1271 payee (a contract wallet) signs through its owner; another key cannot', async () => {
  const usdc = deployment.tokens.USDC.address;
  const owner = newPayee();
  const artifact = loadArtifact('TestSmartWallet');
  const wallet = await new ContractFactory(artifact.abi, artifact.bytecode, payer).deploy(owner.address);
  await wallet.waitForDeployment();
  const t = terms(await wallet.getAddress(), { token: usdc });
  const at = depositAddress(factoryAddress(), t);
  await pay(usdc, at, t.amount + t.feeAmount + 5n);
  const r = order({ token: usdc, amount: 5n });
  expect(await submit(t, r, await sign(t, r, newPayee()))).toBe('BadSignature');
  expect(await submit(t, r, await sign(t, r, owner))).toBe('ok');
  expect(await balanceOf(usdc, at)).toBe(t.amount + t.feeAmount);
});

test('a hostile token calling back (replaying the refund, sweeping) gains nothing; a token returning false refunds nothing', async () => {
  const usdc = deployment.tokens.USDC.address;
  const payee = newPayee();
  const t = terms(payee.address, { token: usdc });
  const at = depositAddress(factoryAddress(), t);
  await pay(usdc, at, t.amount + t.feeAmount);
  const hostile = await deployTest('TestReentrantToken');
  const hostileAddress = await hostile.getAddress();
  await (await hostile.getFunction<Send>('transfer')(at, 1000n)).wait();
  const r = order({ token: hostileAddress, amount: 400n });
  const signature = await sign(t, r, payee);
  const tuple = (x: DepositTerms) => [x.proxy, x.token, x.payee, x.amount, x.paymentReference, x.feeAmount, x.feeAddress];
  await (
    await hostile.getFunction<Send>('arm')(factoryAddress(), tuple(t), [r.token, r.to, r.amount, r.refundId, r.deadline], signature)
  ).wait();
  expect(await submit(t, r, signature)).toBe('ok');
  expect(await hostile.getFunction<View<boolean>>('reentered')()).toBe(false); // the replay and the sweep inside both failed
  expect(await balanceOf(hostileAddress, at)).toBe(600n);
  expect(await balanceOf(usdc, at)).toBe(t.amount + t.feeAmount); // the payment is untouched, and still sweepable
  await sweep(t);
  expect(await balanceOf(usdc, payee.address)).toBe(t.amount);

  const liar = await deployTest('TestFalseTransferToken');
  const liarAddress = await liar.getAddress();
  await (await liar.getFunction<Send>('mint')(at, 500n)).wait();
  const lie = order({ token: liarAddress, amount: 500n });
  const lieSignature = await sign(t, lie, payee);
  expect(await submit(t, lie, lieSignature)).toBe('SafeERC20FailedOperation');
  expect(await balanceOf(liarAddress, at)).toBe(500n);
});

test('a fee-on-transfer payment token: only the excess leaves, the payment is still swept', async () => {
  const fot = await deployTest('TestFeeOnTransferToken');
  const token = await fot.getAddress();
  const payee = newPayee();
  const t = terms(payee.address, { token, amount: 1_000_000n, feeAmount: 0n });
  const at = depositAddress(factoryAddress(), t);
  await pay(token, at, 1_020_000n); // 1% burnt: 1,009,800 held, 9,800 above the payment
  const over = order({ token, amount: 9_801n });
  expect(await submit(t, over, await sign(t, over, payee))).toBe('ExceedsRefundable');
  const r = order({ token, amount: 9_800n });
  expect(await submit(t, r, await sign(t, r, payee))).toBe('ok');
  expect(await balanceOf(token, strangerAccount.address)).toBe(9_702n); // the token's 1% cut on the way out
  expect(await balanceOf(token, at)).toBe(t.amount);
  await sweep(t);
  expect(await balanceOf(token, payee.address)).toBe(990_000n);
});
