import { CurrencyRegistry } from '@payrail/chains';
import { isPayrailError } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { executableRoutes, selectRoute } from './pay-plan.js';

const registry = CurrencyRegistry.create();

/** A request record paid in `currencyId` (only the fields the route plan reads). */
function requestIn(currencyId: string): RequestEntity {
  const currency = registry.byId(currencyId)!;
  return {
    network: currency.network,
    paymentCurrency: currency.id,
    currencyAddress: currency.type === 'ETH' ? null : currency.address,
    currencyDecimals: currency.decimals,
  } as RequestEntity;
}

const fieldsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    if (isPayrailError(error)) return (error.details.fields ?? []).map((f) => f.field);
    throw error;
  }
  return [];
};

describe('the routes a request is paid by (pay-plan)', () => {
  it('offers the direct route under the secure-payment chain name and the token symbol, nothing else for USDC on BASE', () => {
    expect(executableRoutes(requestIn('USDC-base'), registry)).toEqual([{ id: 'REQUEST_NETWORK_PAYMENT', chain: 'BASE', token: 'USDC' }]);
  });

  it('adds the same payment under its source name where the symbol differs (native USDC on OPTIMISM), never another token', () => {
    const routes = executableRoutes(requestIn('USDCn-optimism'), registry);
    expect(routes).toEqual([
      { id: 'REQUEST_NETWORK_PAYMENT', chain: 'OPTIMISM', token: 'USDCn' },
      { id: 'OPTIMISM-OPTIMISM-USDC-USDC', chain: 'OPTIMISM', token: 'USDC' },
    ]);
    expect(selectRoute(routes, 'OPTIMISM', 'USDC')).toBe(routes[1]);
    expect(selectRoute(routes, 'OPTIMISM', undefined)).toBe(routes[0]);
    expect(selectRoute(routes, undefined, undefined)).toBe(routes[0]);
    expect(fieldsOf(() => selectRoute(routes, 'OPTIMISM', 'USDT'))).toEqual(['token']); // a swap
    expect(fieldsOf(() => selectRoute(routes, 'BASE', 'USDC'))).toEqual(['chain']); // a bridge
    expect(fieldsOf(() => selectRoute(routes, 'MOON', 'DOGE'))).toEqual(['chain', 'token']);
  });

  it('names networks outside the chain enum upper-cased (TRON, SEPOLIA), and tokens by their list symbol (ETH-base for ether on base)', () => {
    expect(executableRoutes(requestIn('USDT-tron'), registry)).toEqual([{ id: 'REQUEST_NETWORK_PAYMENT', chain: 'TRON', token: 'USDT' }]);
    expect(executableRoutes(requestIn('ETH-base-base'), registry)).toEqual([
      { id: 'REQUEST_NETWORK_PAYMENT', chain: 'BASE', token: 'ETH-base' },
    ]);
  });
});
