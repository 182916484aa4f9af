import { Interface } from 'ethers';
import { PUBLISHED_CONTRACTS, publishedArtifact, type PublishedContractName } from './published-artifacts.js';

describe("Request Network's published contract artifacts", () => {
  it.each(Object.keys(PUBLISHED_CONTRACTS) as PublishedContractName[])('%s has an ABI and creation bytecode', (name) => {
    const artifact = publishedArtifact(name);
    expect(artifact.contractName).toBe(name);
    expect(artifact.bytecode).toMatch(/^0x60[0-9a-f]{100,}$/);
    expect(artifact.abi.length).toBeGreaterThan(0);
  });

  it('carries the functions Payrail encodes calldata for (selectors as in the interface examples)', () => {
    const erc20 = new Interface(publishedArtifact('ERC20FeeProxy').abi);
    const native = new Interface(publishedArtifact('EthereumFeeProxy').abi);
    const batch = new Interface(publishedArtifact('BatchConversionPayments').abi);
    expect(erc20.getFunction('transferFromWithReferenceAndFee')?.selector).toBe('0xc219a14d');
    expect(native.getFunction('transferWithReferenceAndFee')?.selector).toBe('0xb868980b');
    expect(batch.getFunction('batchPayments')?.selector).toBe('0x92cddb91');
  });
});
