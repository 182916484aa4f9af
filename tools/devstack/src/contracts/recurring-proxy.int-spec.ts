import {
  buildSchedulePermit,
  encodeApprove,
  encodeRecurringExecute,
  encodeRecurringIsExecuted,
  encodeRecurringRevoke,
  encodeRecurringRevoked,
  type RecurringPaymentPermit,
  schedulePermitDigest,
  schedulePermitTuple,
} from '@payrail/permits';
import { getAddress, Interface, JsonRpcProvider, keccak256, NonceManager, Wallet, type TransactionReceipt } from 'ethers';

import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './deploy.js';

// The recurring proxy on its own anvil (it moves chain time): permits from libs/permits, signed
// with ethers' signTypedData unchanged, money checked from chain state.
const DAY = 86400;
const RECIPIENT = getAddress('0x00000000000000000000000000000000000ec0de');
const FEES = getAddress('0x0000000000000000000000000000000000000fe3');
const REFERENCES = ['0x00000000000000a1', '0x00000000000000a2', '0x00000000000000a3'];
const ERC20_EVENT_TOPIC = '0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6';

const [deployer, , , relayerAccount, , , subscriberAccount, strangerAccount] = ANVIL_ACCOUNTS;
const proxyAbi = new Interface(loadArtifact('ERC20RecurringPaymentProxy').abi);
const tokenAbi = new Interface(['function balanceOf(address) view returns (uint256)']);

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let deployment: LocalDeployment;
let proxy: string;
let token: string;
let relayer: NonceManager;
let permit: RecurringPaymentPermit;
let signature: string;

async function send(from: NonceManager, to: string, data: string): Promise<TransactionReceipt> {
  const receipt = await (await from.sendTransaction({ to, data })).wait();
  if (receipt === null) throw new Error('not mined');
  return receipt;
}

/** The custom error name a call would revert with. */
async function revertOf(from: string, data: string): Promise<string> {
  try {
    await provider.call({ from, to: proxy, data });
  } catch (error) {
    const raw = (error as { data?: string }).data;
    if (!raw) throw error;
    return proxyAbi.parseError(raw)?.name ?? raw;
  }
  return 'no revert';
}

const balance = async (owner: string): Promise<bigint> =>
  BigInt(await provider.call({ to: token, data: tokenAbi.encodeFunctionData('balanceOf', [owner]) }));
const chainNow = async (): Promise<number> => (await provider.getBlock('latest'))!.timestamp;
const warpTo = async (timestamp: number): Promise<void> => {
  await provider.send('evm_setNextBlockTimestamp', [timestamp]);
  await provider.send('evm_mine', []);
};
const execute = (index: number, sig = signature) => encodeRecurringExecute(permit.values, sig, index, REFERENCES[index - 1] ?? '0x00');

beforeAll(async () => {
  await compileContracts();
  anvil = await startAnvil({ port: await freePort() });
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { pollingInterval: 100, cacheTimeout: -1 });
  deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey });
  await fundAccounts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, deployment, accounts: [subscriberAccount.address] });
  proxy = deployment.contracts.ERC20RecurringPaymentProxy;
  token = deployment.tokens.USDC.address;
  relayer = new NonceManager(new Wallet(relayerAccount.privateKey, provider));
  const firstExec = (await chainNow()) + 100;
  permit = buildSchedulePermit({
    chainId: deployment.chainId,
    verifyingContract: proxy,
    subscriber: subscriberAccount.address,
    token,
    recipient: RECIPIENT,
    feeAddress: FEES,
    amount: 10_000_000n,
    feeAmount: 100_000n,
    gasFee: 5_000n,
    periodSeconds: DAY,
    firstExec,
    totalExecutions: 3,
    deadline: firstExec + 3 * DAY,
  });
  const subscriber = new Wallet(subscriberAccount.privateKey, provider);
  signature = await subscriber.signTypedData(permit.domain, permit.types, permit.values);
  await send(new NonceManager(subscriber), token, encodeApprove(proxy, 3n * 10_105_000n));
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

test('the contract computes the digest libs/permits computes for the spec SchedulePermit', async () => {
  const data = proxyAbi.encodeFunctionData('digestOf', [schedulePermitTuple(permit.values)]);
  const [digest] = proxyAbi.decodeFunctionResult('digestOf', await provider.call({ to: proxy, data }));
  expect(digest).toBe(schedulePermitDigest(permit));
  expect(await provider.call({ to: proxy, data: proxyAbi.encodeFunctionData('RELAYER_ROLE') })).toBe(
    keccak256(Buffer.from('RELAYER_ROLE')),
  );
});

test('only the relayer executes, not before payment 1 is due, and only a signature of the subscriber', async () => {
  expect(await revertOf(relayerAccount.address, execute(1))).toBe('NotDueYet');
  await warpTo(permit.values.firstExec);
  expect(await revertOf(strangerAccount.address, execute(1))).toBe('AccessControlUnauthorizedAccount');
  const stranger = new Wallet(strangerAccount.privateKey);
  const forged = await stranger.signTypedData(permit.domain, permit.types, permit.values);
  expect(await revertOf(relayerAccount.address, execute(1, forged))).toBe('BadSignature');
  expect(await revertOf(relayerAccount.address, execute(0))).toBe('IndexOutOfBounds');
  expect(await revertOf(relayerAccount.address, execute(4))).toBe('IndexOutOfBounds');
});

test('payment 1 pays recipient and fee through the fee proxy with its reference, the gas fee to the relayer, once', async () => {
  const before = { subscriber: await balance(subscriberAccount.address), relayer: await balance(relayerAccount.address) };
  const receipt = await send(relayer, proxy, execute(1));
  expect(await balance(RECIPIENT)).toBe(10_000_000n);
  expect(await balance(FEES)).toBe(100_000n);
  expect((await balance(relayerAccount.address)) - before.relayer).toBe(5_000n);
  expect(before.subscriber - (await balance(subscriberAccount.address))).toBe(10_105_000n);
  const feeProxyLog = receipt.logs.find((l) => l.address === deployment.contracts.ERC20FeeProxy);
  expect(feeProxyLog?.topics).toEqual([ERC20_EVENT_TOPIC, keccak256(REFERENCES[0])]);
  expect(await revertOf(relayerAccount.address, execute(1))).toBe('AlreadyPaid');
  const [done] = proxyAbi.decodeFunctionResult(
    'isExecuted',
    await provider.call({ to: proxy, data: encodeRecurringIsExecuted(permit.values, 1) }),
  );
  expect(done).toBe(true);
});

test('payment 2 waits for firstExec + 1 period; the owner pause stops execution until unpaused', async () => {
  expect(await revertOf(relayerAccount.address, execute(2))).toBe('NotDueYet');
  await warpTo(permit.values.firstExec + DAY);
  const owner = new NonceManager(new Wallet(deployer.privateKey, provider));
  await send(owner, proxy, proxyAbi.encodeFunctionData('pause'));
  expect(await revertOf(relayerAccount.address, execute(2))).toBe('EnforcedPause');
  await send(owner, proxy, proxyAbi.encodeFunctionData('unpause'));
  await send(relayer, proxy, execute(2));
  expect(await balance(RECIPIENT)).toBe(20_000_000n);
});

test('nothing executes after the deadline', async () => {
  await warpTo(permit.values.deadline + 1);
  expect(await revertOf(relayerAccount.address, execute(3))).toBe('SignatureExpired');
});

test('the subscriber revokes a permit: execute then reverts PermitRevoked; a stranger cannot revoke it', async () => {
  const now = await chainNow();
  const fresh = buildSchedulePermit({ ...inputOf(permit), firstExec: now - 10, deadline: now + 3 * DAY });
  const subscriber = new Wallet(subscriberAccount.privateKey, provider);
  const signed = await subscriber.signTypedData(fresh.domain, fresh.types, fresh.values);
  const executeFresh = encodeRecurringExecute(fresh.values, signed, 1, '0x00000000000000b1');
  expect(await revertOf(relayerAccount.address, executeFresh)).toBe('no revert');

  expect(await revertOf(strangerAccount.address, encodeRecurringRevoke(fresh.values))).toBe('NotSubscriber');
  const receipt = await send(new NonceManager(subscriber), proxy, encodeRecurringRevoke(fresh.values));
  const digest = schedulePermitDigest(fresh);
  const log = receipt.logs.map((l) => proxyAbi.parseLog(l)).find((l) => l?.name === 'ScheduleRevoked');
  expect([log?.args[0], log?.args[1]]).toEqual([digest, subscriberAccount.address]);
  expect(BigInt(await provider.call({ to: proxy, data: encodeRecurringRevoked(digest) }))).toBe(1n);
  expect(await revertOf(relayerAccount.address, executeFresh)).toBe('PermitRevoked');
});

/** The builder input of a permit, to derive another one from it. */
function inputOf(p: RecurringPaymentPermit) {
  const v = p.values;
  return {
    chainId: p.domain.chainId,
    verifyingContract: p.domain.verifyingContract,
    subscriber: v.subscriber,
    token: v.token,
    recipient: v.recipient,
    feeAddress: v.feeAddress,
    amount: BigInt(v.amount),
    feeAmount: BigInt(v.feeAmount),
    gasFee: BigInt(v.gasFee),
    periodSeconds: v.periodSeconds,
    firstExec: v.firstExec,
    totalExecutions: v.totalExecutions,
    deadline: v.deadline,
  };
}
