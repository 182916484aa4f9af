import { AbiCoder, hexlify, randomBytes, zeroPadValue } from 'ethers';
import { decodeProxyTransfer, ERC20_TRANSFER_TOPIC, NATIVE_TRANSFER_TOPIC, paymentReferenceTopic } from './fee-proxy-events.js';

describe('fee proxy event decoding', () => {
  it('has the topics of Request Network contracts', () => {
    expect(ERC20_TRANSFER_TOPIC).toBe('0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6');
    expect(NATIVE_TRANSFER_TOPIC).toBe('0xa1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96');
  });

  it('derives the reference topic as keccak256 of the 8 raw bytes (facts vector)', () => {
    expect(paymentReferenceTopic('0xb3581f0b0f74cc61')).toBe('0x05c8ee1c9d79684c995657b7db5f528960fc0508ce55cf2ae2b70be0b1f329c2');
  });

  it('decodes an ERC20 transfer log', () => {
    const token = '0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C';
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const fee = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const data = AbiCoder.defaultAbiCoder().encode(
      ['address', 'address', 'uint256', 'uint256', 'address'],
      [token, to, 1_500_000n, 25_000n, fee],
    );
    const transfer = decodeProxyTransfer({
      address: '0x399f5ee127ce7432e4921a61b8cf52b0af52cbfe',
      topics: [ERC20_TRANSFER_TOPIC, paymentReferenceTopic('0xb3581f0b0f74cc61')],
      data,
      transactionHash: zeroPadValue('0x01', 32),
      index: 3,
      blockNumber: 10,
      blockHash: zeroPadValue('0x02', 32),
    });
    expect(transfer).toEqual({
      contract: '0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE',
      txHash: zeroPadValue('0x01', 32),
      logIndex: 3,
      blockNumber: 10,
      blockHash: zeroPadValue('0x02', 32),
      referenceTopic: '0x05c8ee1c9d79684c995657b7db5f528960fc0508ce55cf2ae2b70be0b1f329c2',
      token,
      to,
      amount: 1_500_000n,
      feeAmount: 25_000n,
      feeAddress: fee,
    });
  });

  it('ignores other logs', () => {
    expect(
      decodeProxyTransfer({
        address: '0x0000000000000000000000000000000000000001',
        topics: ['0x' + '00'.repeat(32)],
        data: '0x',
        transactionHash: '0x',
        index: 0,
        blockNumber: 1,
        blockHash: '0x',
      }),
    ).toBeUndefined();
  });

  it('decodes log data exactly as the ABI coder does, dirty and short data included', () => {
    const coder = AbiCoder.defaultAbiCoder();
    const abiDecode = (types: string[], data: string) => {
      try {
        return coder.decode(types, data).toArray() as unknown[];
      } catch {
        return undefined;
      }
    };
    const word = () => hexlify(randomBytes(32)).slice(2);
    const addressWord = () => '0'.repeat(24) + hexlify(randomBytes(20)).slice(2);
    // An address word with one of its 12 high bytes set (which one moves with i).
    const dirtyWord = (i: number) => '00'.repeat(i % 12) + '01' + '00'.repeat(11 - (i % 12)) + hexlify(randomBytes(20)).slice(2);
    const outcomes = { decoded: 0, refused: 0 };
    for (let i = 0; i < 300; i++) {
      const native = i % 2 === 1;
      const types = native ? ['address', 'uint256', 'uint256', 'address'] : ['address', 'address', 'uint256', 'uint256', 'address'];
      // Mostly well-formed, sometimes an address word with high bytes set, data cut short or with bytes after it.
      const words = types.map((t) => (t !== 'address' ? word() : i % 7 === 0 ? dirtyWord(i) : i % 23 === 0 ? word() : addressWord()));
      let data = '0x' + words.join('');
      if (i % 11 === 0) data = data.slice(0, data.length - 2 * (1 + (i % 40)));
      if (i % 13 === 0) data += 'ab'.repeat(i % 50);
      if (i % 17 === 0) data = data.toUpperCase().replace('0X', '0x');
      const log = {
        address: '0x399f5ee127ce7432e4921a61b8cf52b0af52cbfe',
        topics: [native ? NATIVE_TRANSFER_TOPIC : ERC20_TRANSFER_TOPIC, paymentReferenceTopic('0xb3581f0b0f74cc61')],
        data,
        transactionHash: zeroPadValue('0x01', 32),
        index: 0,
        blockNumber: 1,
        blockHash: zeroPadValue('0x02', 32),
      };
      const expected = abiDecode(types, data);
      const transfer = decodeProxyTransfer(log);
      outcomes[expected ? 'decoded' : 'refused']++;
      if (!expected) {
        expect(transfer).toBeUndefined();
        continue;
      }
      const [tokenAddress, to, amount, feeAmount, feeAddress] = native ? [null, ...expected] : expected;
      expect(transfer).toMatchObject({ token: tokenAddress, to, amount, feeAmount, feeAddress });
    }
    expect(outcomes.decoded).toBeGreaterThan(150);
    expect(outcomes.refused).toBeGreaterThan(30);
  });
});
