import { keccak256, toUtf8Bytes, TypedDataEncoder, Wallet } from 'ethers';
import {
  buildSchedulePermit,
  encodeRecurringExecute,
  encodeRecurringRevoke,
  encodeRecurringRevoked,
  isSubscriberSignature,
  RECURRING_PROXY_ABI,
  schedulePermitDigest,
  type SchedulePermitInput,
} from './recurring.js';

// anvil's account 1 (public test key, holds value on no real chain).
const SUBSCRIBER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

const INPUT: SchedulePermitInput = {
  chainId: 11155111,
  verifyingContract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  subscriber: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  token: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
  recipient: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  feeAddress: '0x0000000000000000000000000000000000000000',
  amount: 10_000_000n,
  feeAmount: 0n,
  gasFee: 0n,
  periodSeconds: 86400,
  firstExec: 1893456000,
  totalExecutions: 3,
  deadline: 1893456000 + 4 * 86400,
  nonce: `0x${'11'.repeat(32)}`,
};

describe('SchedulePermit typed data', () => {
  it('has the spec type list in its order, no EIP712Domain, and the type hash of that exact struct', () => {
    const permit = buildSchedulePermit(INPUT);
    expect(Object.keys(permit.types)).toEqual(['SchedulePermit']);
    expect(permit.types.SchedulePermit.map((f) => `${f.type} ${f.name}`)).toEqual([
      'address subscriber',
      'address token',
      'address recipient',
      'address feeAddress',
      'uint128 amount',
      'uint128 feeAmount',
      'uint128 gasFee',
      'uint32 periodSeconds',
      'uint32 firstExec',
      'uint8 totalExecutions',
      'uint256 nonce',
      'uint256 deadline',
    ]);
    const encoded = TypedDataEncoder.from(permit.types).encodeType('SchedulePermit');
    // The facts file computes 0x15a76bc5... for the API docs' naming, which our contract verifies.
    expect(keccak256(toUtf8Bytes(encoded))).toBe('0x15a76bc588a9e8b1d2536246bc22aac59a670676b14071e0f00fea08f96f7f42');
  });

  it('answers domain and values in the spec shapes: checksummed addresses, decimal strings, numbers, 32-byte nonce', () => {
    const permit = buildSchedulePermit(INPUT);
    expect(permit.domain).toEqual({
      name: 'ERC20RecurringPaymentProxy',
      version: '1',
      chainId: 11155111,
      verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    });
    expect(permit.values).toEqual({
      subscriber: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      token: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      feeAddress: '0x0000000000000000000000000000000000000000',
      amount: '10000000',
      feeAmount: '0',
      gasFee: '0',
      periodSeconds: 86400,
      firstExec: 1893456000,
      totalExecutions: 3,
      nonce: `0x${'11'.repeat(32)}`,
      deadline: 1893801600,
    });
  });

  it('pins the EIP-712 digest and the deterministic signature of a fixed permit', async () => {
    const permit = buildSchedulePermit(INPUT);
    expect(TypedDataEncoder.hashDomain(permit.domain)).toBe('0x928132a2fd17c79621b8ab5111583908a14d933aee8a14b0e86083fbeb919435');
    expect(TypedDataEncoder.hashStruct('SchedulePermit', permit.types, permit.values)).toBe(
      '0x201bb79ceaeb6b6400924349ef53ecb3f4309ec1f8de57c987bbfd262014827b',
    );
    expect(schedulePermitDigest(permit)).toBe('0x6d715991007642bc294cee7ef1a630b7243cf364726e8598eab274c634bc49ea');
    const signature = await new Wallet(SUBSCRIBER_KEY).signTypedData(permit.domain, permit.types, permit.values);
    expect(signature).toBe(
      '0x03349b2e79482742f3ad45a2c57b20452664e2e5a04a472cc221edf654f605bd1692059176f4b96c1cea5de3c3586482a50d41a5b969021a44f780eb8cef6a1a1b',
    );
    expect(isSubscriberSignature(permit, signature)).toBe(true);
  });

  it("refuses a tampered signature, another signer's, and malformed input", async () => {
    const permit = buildSchedulePermit(INPUT);
    const signature = await new Wallet(SUBSCRIBER_KEY).signTypedData(permit.domain, permit.types, permit.values);
    const tampered = `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}`;
    expect(isSubscriberSignature(permit, tampered)).toBe(false);
    const other = await Wallet.createRandom().signTypedData(permit.domain, permit.types, permit.values);
    expect(isSubscriberSignature(permit, other)).toBe(false);
    expect(isSubscriberSignature(permit, '0x1234')).toBe(false);
    expect(isSubscriberSignature({ ...permit, values: { ...permit.values, amount: '10000001' } }, signature)).toBe(false);
  });

  it('draws a random 32-byte nonce when none is given', () => {
    const a = buildSchedulePermit({ ...INPUT, nonce: undefined });
    const b = buildSchedulePermit({ ...INPUT, nonce: undefined });
    expect(a.values.nonce).toMatch(/^0x[0-9a-f]{64}$/);
    expect(a.values.nonce).not.toBe(b.values.nonce);
  });

  it('refuses what the on-chain types cannot carry: 256 executions, a uint128 overflow, a negative time', () => {
    expect(() => buildSchedulePermit({ ...INPUT, totalExecutions: 256 })).toThrow(/totalExecutions must be 1 to 255/);
    expect(() => buildSchedulePermit({ ...INPUT, amount: 1n << 128n })).toThrow(/amount does not fit a uint128/);
    expect(() => buildSchedulePermit({ ...INPUT, firstExec: -1 })).toThrow(/firstExec does not fit a uint32/);
  });

  it('encodes execute(permit, signature, index, reference) with the permit as a tuple', () => {
    const permit = buildSchedulePermit(INPUT);
    const data = encodeRecurringExecute(permit.values, `0x${'00'.repeat(65)}`, 2, '0xb3581f0b0f74cc61');
    const decoded = RECURRING_PROXY_ABI.decodeFunctionData('execute', data);
    const tuple = decoded[0] as unknown[];
    expect(tuple[4]).toBe(10_000_000n);
    expect(decoded[2]).toBe(2n);
    expect(decoded[3]).toBe('0xb3581f0b0f74cc61');
  });

  it('encodes revoke(permit) as selector 0x9d38f1be and the 12 permit words in struct order (fixed vector)', () => {
    const permit = buildSchedulePermit(INPUT);
    const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
    const expected =
      '0x9d38f1be' +
      [
        '70997970c51812dc3a010c7d01b50e0d17dc79c8',
        '9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
        '3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
        '0',
        (10_000_000).toString(16),
        '0',
        '0',
        (86400).toString(16),
        (1893456000).toString(16),
        '3',
        '11'.repeat(32),
        (1893801600).toString(16),
      ]
        .map(word)
        .join('');
    expect(
      keccak256(toUtf8Bytes('revoke((address,address,address,address,uint128,uint128,uint128,uint32,uint32,uint8,uint256,uint256))')).slice(
        0,
        10,
      ),
    ).toBe('0x9d38f1be');
    expect(encodeRecurringRevoke(permit.values)).toBe(expected);
  });

  it('encodes revoked(digest) as selector 0x328a93e8 and the digest word', () => {
    const digest = '0x6d715991007642bc294cee7ef1a630b7243cf364726e8598eab274c634bc49ea';
    expect(encodeRecurringRevoked(digest)).toBe(`0x328a93e8${digest.slice(2)}`);
  });
});
