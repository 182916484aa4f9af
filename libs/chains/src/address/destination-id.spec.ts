import { destinationIdOf, parseDestinationId } from './destination-id.js';
import { interopChecksum } from './interop.js';

describe('payee destination ids: ERC-7828 name + ":" + token address', () => {
  // ERC-7930 "Example 1": 0xd8dA…6045 on chain 1 has checksum 4CA88C9C.
  const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  it('joins the interoperable name (ERC-7930 vector) and the EIP-55 token address', () => {
    expect(destinationIdOf(VITALIK.toLowerCase(), 1, USDC_MAINNET.toLowerCase())).toBe(`${VITALIK}@eip155:1#4CA88C9C:${USDC_MAINNET}`);
  });

  it('puts a Tron destination under eip155:728126428 with base58 wallet and token', () => {
    const wallet = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
    const id = destinationIdOf(wallet, 728126428, USDT_TRON);
    expect(id).toMatch(new RegExp(`^${wallet}@eip155:728126428#[0-9A-F]{8}:${USDT_TRON}$`));
    expect(parseDestinationId(id)).toMatchObject({ chainId: 728126428, walletAddress: wallet, tokenAddress: USDT_TRON, destinationId: id });
  });

  it('parses to canonical parts: lower-case hex and a left-out checksum give the stored form', () => {
    const stored = `${VITALIK}@eip155:1#4CA88C9C:${USDC_MAINNET}`;
    expect(parseDestinationId(stored)).toEqual({
      interopName: `${VITALIK}@eip155:1#4CA88C9C`,
      chainId: 1,
      walletAddress: VITALIK,
      tokenAddress: USDC_MAINNET,
      checksum: interopChecksum(1, VITALIK),
      destinationId: stored,
    });
    expect(parseDestinationId(`${VITALIK.toLowerCase()}@eip155:1:${USDC_MAINNET.toLowerCase()}`)?.destinationId).toBe(stored);
  });

  it.each([
    ['a wrong checksum', `${VITALIK}@eip155:1#4CA88C9D:${USDC_MAINNET}`],
    ['no token', `${VITALIK}@eip155:1#4CA88C9C`],
    ['a Tron token on an EVM chain', `${VITALIK}@eip155:1#4CA88C9C:${USDT_TRON}`],
    ['a hex token on Tron', `TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV@eip155:728126428:${USDC_MAINNET}`],
    ['an empty string', ''],
    ['a plain address', VITALIK],
  ])('rejects %s', (_why, text) => {
    expect(parseDestinationId(text)).toBeUndefined();
  });
});
