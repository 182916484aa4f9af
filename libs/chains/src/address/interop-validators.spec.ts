import 'reflect-metadata';
import { validateSync } from 'class-validator';
import { evmInteropName, interopAddressBinary, interopChecksum, parseInteropName, tronInteropName } from './interop.js';
import { IsEvmAddress, IsEvmOrTronAddress, IsTronAddress } from './validators.js';

describe('ERC-7930 / ERC-7828 interoperable names', () => {
  // ERC-7930 "Example 1: Ethereum mainnet address".
  const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

  it('matches the ERC-7930 example: binary address and name with checksum 4CA88C9C', () => {
    expect(interopAddressBinary(1, VITALIK)).toBe('0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045');
    expect(evmInteropName(VITALIK.toLowerCase(), 1)).toBe(`${VITALIK}@eip155:1#4CA88C9C`);
  });

  // (ERC-7828's own walk-through checksum, C69BEB13 for 0xaAaA… on chain 10, is illustrative: no
  // serialisation of its example hashes to it, so ERC-7930's test vector is the one pinned.)
  it('hashes everything after the version: keccak256(0x0000 01 0a 14 aa…aa)[0..4]', () => {
    expect(interopChecksum(10, '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa')).toBe('2F754EC3');
  });

  it('renders a Tron destination as T…@eip155:728126428#checksum of its 20 account bytes', () => {
    const name = tronInteropName('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    const checksum = interopChecksum(728126428, '0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C');
    expect(name).toBe(`TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t@eip155:728126428#${checksum}`);
    // chain reference 728126428 = 0x2b6653dc, four bytes
    expect(interopAddressBinary(728126428, '0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C')).toBe(
      '0x00010000042b6653dc14a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
  });

  it('parses both text forms of a Tron destination to the same target', () => {
    const fromBase58 = parseInteropName(tronInteropName('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'));
    const fromHex = parseInteropName('0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C@eip155:728126428');
    expect(fromBase58).toEqual(fromHex);
    expect(fromBase58?.tronAddress).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('parses an EVM name and accepts it without checksum', () => {
    expect(parseInteropName(`${VITALIK}@eip155:1#4CA88C9C`)).toEqual({ chainId: 1, evmAddress: VITALIK, checksum: '4CA88C9C' });
    expect(parseInteropName(`${VITALIK}@eip155:1`)?.checksum).toBe('4CA88C9C');
  });

  it.each([
    ['a wrong checksum', `0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9D`],
    ['the checksum of another chain', `0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:10#4CA88C9C`],
    ['a bad EIP-55 address', `0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1`],
    ['a Tron address outside the Tron chain', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t@eip155:1'],
    ['a corrupted Tron address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u@eip155:728126428'],
    ['another namespace', 'MJKqp326RZCHnAAbew9MDdui3iCKWco7fsK9sVuZTX2@solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp#88835C11'],
  ])('rejects %s', (_why, name) => {
    expect(parseInteropName(name)).toBeUndefined();
  });
});

class Payee {
  @IsEvmAddress() evm: unknown;
  @IsTronAddress() tron: unknown;
  @IsEvmOrTronAddress() either: unknown;
  @IsEvmOrTronAddress({ each: true }) many: unknown;
}

const failures = (values: Partial<Payee>): string[] => {
  const payee = Object.assign(new Payee(), {
    evm: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    either: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    many: ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ...values,
  });
  return validateSync(payee).map((e) => e.property);
};

describe('address validation decorators', () => {
  it('accept valid EVM and Tron addresses', () => {
    expect(failures({})).toEqual([]);
  });

  it('reject a bad checksum, the other chain kind, and one bad item of an array', () => {
    expect(failures({ evm: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toEqual(['evm']);
    expect(failures({ evm: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toEqual(['evm']);
    expect(failures({ tron: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toEqual(['tron']);
    expect(failures({ either: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toEqual(['either']);
    expect(failures({ many: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'nope'] })).toEqual(['many']);
  });

  it('explain the expected format in the message', () => {
    const payee = Object.assign(new Payee(), { evm: 'x', tron: 'x', either: 'x', many: [] });
    const messages = validateSync(payee).flatMap((e) => Object.values(e.constraints ?? {}));
    expect(messages).toContain('evm must be an EVM address (0x and 40 hex digits; mixed case must be a valid EIP-55 checksum)');
    expect(messages).toContain('tron must be a Tron address (base58check, starting with T)');
  });
});
