/**
 * Request Network's production contract addresses, kept as data.
 *
 * Source: RequestNetwork/requestNetwork `packages/smart-contracts/src/lib/artifacts/<Contract>/index.ts`
 * (monorepo @f194280, 2026-06-24), latest deployed version per network, as collected in
 * shared/reference/request-network-facts.md section 2:
 * - ERC20FeeProxy 0.2.0 (EVM) and the "tron" artifact version (Tron, from block 79216121);
 * - EthereumFeeProxy 0.2.0;
 * - Erc20ConversionProxy: mainnet 0.1.1, others their latest (matic 0.1.0);
 * - ChainlinkConversionPath: latest per network;
 * - BatchConversionPayments: mainnet 0.2.0, others 0.1.0;
 * - ERC20RecurringPaymentProxy 0.1.0 (no optimism deployment in that version);
 * - ERC20BatchPayments (Tron only).
 * The spec test checks every EVM address is EIP-55 checksummed and every Tron address is base58check.
 */
export const CONTRACT_NAMES = [
  'ERC20FeeProxy',
  'EthereumFeeProxy',
  'Erc20ConversionProxy',
  'ChainlinkConversionPath',
  'BatchConversionPayments',
  'ERC20RecurringPaymentProxy',
  'ERC20BatchPayments',
] as const;

export type ContractName = (typeof CONTRACT_NAMES)[number];

/** Contract name -> address; a missing key means "not deployed there". */
export type ContractAddresses = Partial<Record<ContractName, string>>;

// The same address on several chains (deterministic deployments).
const ERC20_FEE_PROXY_0DFB = '0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9';
const ETH_FEE_PROXY_FCFB = '0xfCFBcfc4f5A421089e3Df45455F7f4985FE2D6a8';
const ETH_FEE_PROXY_E11B = '0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687';
const CONVERSION_PATH_0818 = '0x0818Ad7016138f0A40DFAe30F64a923c2A8F61bA';
const BATCH_CONVERSION_3CF6 = '0x3cF63891928B8CeebB81C95426600a18cd59C03f';

export const PRODUCTION_CONTRACTS = {
  mainnet: {
    ERC20FeeProxy: '0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C',
    EthereumFeeProxy: ETH_FEE_PROXY_FCFB,
    Erc20ConversionProxy: '0x1550A8C4F4E5afC67Ea07e8ac590fdcAdB4bBfb1',
    ChainlinkConversionPath: '0xC5519f3fcECC8EC85caaF8836563dEe9a00080f9',
    BatchConversionPayments: '0x1E7E0E707B482E6858a88289E0E4004875EcEEbD',
    ERC20RecurringPaymentProxy: '0xF0Bebbc99E26Ba7F651E7Ff14e0D3029B0228880',
  },
  base: {
    ERC20FeeProxy: '0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814',
    EthereumFeeProxy: '0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2',
    Erc20ConversionProxy: '0x8296D56321cf207925a7804E5A8E3F579838e6Ad',
    ChainlinkConversionPath: '0x3dF89c727eaDF67eeD7b4d09EC4F2b41f8Dec2ca',
    BatchConversionPayments: '0x1aF3f22685AcdDc788B3730ed415912d8f654420',
    ERC20RecurringPaymentProxy: '0xd2c3392e3e70F4CE033Cb39CC80B414aDdD64fFa',
  },
  optimism: {
    ERC20FeeProxy: '0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE',
    EthereumFeeProxy: ETH_FEE_PROXY_E11B,
    Erc20ConversionProxy: '0x1550A8C4F4E5afC67Ea07e8ac590fdcAdB4bBfb1',
    ChainlinkConversionPath: CONVERSION_PATH_0818,
    BatchConversionPayments: BATCH_CONVERSION_3CF6,
  },
  'arbitrum-one': {
    ERC20FeeProxy: ERC20_FEE_PROXY_0DFB,
    EthereumFeeProxy: ETH_FEE_PROXY_FCFB,
    Erc20ConversionProxy: '0xA5186dec7dC1ec85B42A3cd2Dc8289e248530B07',
    ChainlinkConversionPath: CONVERSION_PATH_0818,
    BatchConversionPayments: BATCH_CONVERSION_3CF6,
    ERC20RecurringPaymentProxy: '0xC335f956e91faa1DC103f9B54f7009c470dc6EEf',
  },
  matic: {
    ERC20FeeProxy: ERC20_FEE_PROXY_0DFB,
    EthereumFeeProxy: ETH_FEE_PROXY_FCFB,
    Erc20ConversionProxy: '0xf0f49873C50765239F6f9534Ba13c4fe16eD5f2E',
    ChainlinkConversionPath: CONVERSION_PATH_0818,
    BatchConversionPayments: BATCH_CONVERSION_3CF6,
    ERC20RecurringPaymentProxy: '0xD3BD678f219439c2bcf602Beb07e601a91b8Cd3d',
  },
  bsc: {
    ERC20FeeProxy: ERC20_FEE_PROXY_0DFB,
    EthereumFeeProxy: ETH_FEE_PROXY_FCFB,
    Erc20ConversionProxy: '0xbbd9c5D112343A4Aa2bc194245760CaeeaF118Be',
    ChainlinkConversionPath: CONVERSION_PATH_0818,
    BatchConversionPayments: BATCH_CONVERSION_3CF6,
    ERC20RecurringPaymentProxy: '0xbb0f20890E9e405f9D4c2e707590525ccAA3De16',
  },
  sepolia: {
    ERC20FeeProxy: '0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE',
    EthereumFeeProxy: ETH_FEE_PROXY_E11B,
    Erc20ConversionProxy: '0xaD61121DAfAAe495095Cd466022b519Cb7503a4E',
    ChainlinkConversionPath: '0x7c285b9F2dA5E2c10feA25C00Ce1aCB107F85475',
    BatchConversionPayments: '0x67818703c92580c0e106e401F253E8A410A66f8B',
    ERC20RecurringPaymentProxy: '0xb6C7448458d8616B00eb8f93883d0081Fa2aDec9',
  },
  tron: {
    ERC20FeeProxy: 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd',
    ERC20BatchPayments: 'TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D',
  },
} as const satisfies Record<string, ContractAddresses>;
