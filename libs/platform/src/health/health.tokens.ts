export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
export const RPC_URLS = Symbol('RPC_URLS');
