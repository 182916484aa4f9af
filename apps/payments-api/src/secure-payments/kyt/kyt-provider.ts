export { type KytProvider, kytProviderFor } from '@payrail/domain';

export const KYT_PROVIDER = Symbol('KYT_PROVIDER');
