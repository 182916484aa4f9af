// The pure codecs live in @payrail/domain (libs/permits may use them there); re-exported so that
// callers of @payrail/chains keep importing them from here.
export {
  type AddressKind,
  detectAddressKind,
  isEvmAddress,
  isTronAddress,
  parseEvmAddress,
  sameEvmAddress,
  toChecksumAddress,
  TRON_ADDRESS_PREFIX,
  tronFromHex,
  tronToEvmAddress,
  tronToHex,
} from '@payrail/domain';
export * from './interop.js';
export * from './validators.js';
export * from './checksum-cache.js';
export * from './destination-id.js';
