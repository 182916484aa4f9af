import { loadArtifact } from '@payrail/devstack';
import { ContractFactory, JsonRpcProvider, parseEther, toBeHex, Wallet } from 'ethers';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import { testStack } from '@payrail/test-support/stack.js';
import { json, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

interface Challenge {
  challengeId: string;
  nonce: string;
  message: string;
}

// EIP-1271: a contract wallet (Safe-style smart account) signs in with SIWE; its owner signs the
// message and the auth-api asks the contract, through SIWE_RPC_URL, whether the signature is valid.
describe('wallet sign-in of an EIP-1271 contract wallet (real contract on the local chain)', () => {
  const rpcUrl = testStack().chain.rpcUrl;
  const provider = new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
  const owner = Wallet.createRandom();
  const stranger = Wallet.createRandom();
  let walletAddress: string;
  let withRpc: InProcessApi;
  let withoutRpc: InProcessApi;

  beforeAll(async () => {
    const deployer = Wallet.createRandom().connect(provider);
    await provider.send('anvil_setBalance', [deployer.address, toBeHex(parseEther('1'))]);
    const { abi, bytecode } = loadArtifact('TestSmartWallet');
    const contract = await new ContractFactory(abi, bytecode, deployer).deploy(owner.address);
    await contract.waitForDeployment();
    walletAddress = await contract.getAddress();
    [withRpc] = (await startAuthApi(1, { SIWE_RPC_URL: rpcUrl })).apis as [InProcessApi];
    [withoutRpc] = (await startAuthApi()).apis as [InProcessApi];
  });
  afterAll(async () => {
    provider.destroy();
    await Promise.all([withRpc.close(), withoutRpc.close()]);
  });

  const signIn = async (api: InProcessApi, signer: { signMessage(message: string): Promise<string> }) => {
    const res = await fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address: walletAddress }));
    expect(res.status).toBe(201);
    const c = (await res.json()) as Challenge;
    return fetch(
      `${api.url}/v1/auth/wallet/verify`,
      json({ challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: await signer.signMessage(c.message) }),
    );
  };

  it('signs the contract wallet in when its owner signed the message', async () => {
    const res = await signIn(withRpc, owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ wallet: { address: walletAddress, kind: 'evm' }, kind: 'wallet' });
  });

  it('refuses a signature by anyone but the owner', async () => {
    expect((await signIn(withRpc, stranger)).status).toBe(401);
  });

  it('refuses contract wallets when no SIWE_RPC_URL is configured (EOA signatures only)', async () => {
    expect((await signIn(withoutRpc, owner)).status).toBe(401);
  });
});
