import { NETWORKS } from './network-registry.js';
import { parseRecurringProxyAddresses, recurringProxyConfigLine, withRecurringProxies } from './recurring-proxy-env.js';

const A = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const B = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

describe('RECURRING_PROXY_ADDRESSES', () => {
  it('replaces only the named networks’ recurring proxy, keeping their other contracts', () => {
    const networks = withRecurringProxies(NETWORKS, { RECURRING_PROXY_ADDRESSES: `base:${A},optimism:${B}` });
    expect(networks.base.contracts.ERC20RecurringPaymentProxy).toBe(A);
    expect(networks.optimism.contracts.ERC20RecurringPaymentProxy).toBe(B);
    expect(networks.base.contracts.ERC20FeeProxy).toBe(NETWORKS.base.contracts.ERC20FeeProxy);
    expect(networks.mainnet).toBe(NETWORKS.mainnet);
    expect(withRecurringProxies(NETWORKS, {})).toBe(NETWORKS);
  });

  it('refuses an unknown network, Tron and a bad checksum, naming the variable', () => {
    expect(() => parseRecurringProxyAddresses(`moon:${A}`)).toThrow(/RECURRING_PROXY_ADDRESSES: unknown EVM network "moon"/);
    expect(() => parseRecurringProxyAddresses(`tron:${A}`)).toThrow(/unknown EVM network "tron"/);
    expect(() => parseRecurringProxyAddresses('base:0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toThrow(/not an EVM address/);
  });

  it('prints the configuration line with the new pair added to or replacing the current ones', () => {
    expect(recurringProxyConfigLine(undefined, 'base', A)).toBe(`RECURRING_PROXY_ADDRESSES=base:${A}`);
    expect(recurringProxyConfigLine(`base:${B},matic:${B}`, 'base', A)).toBe(`RECURRING_PROXY_ADDRESSES=base:${A},matic:${B}`);
  });
});
