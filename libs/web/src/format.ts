/** `0x1234…abcd` for an address shown in a narrow place (the full address goes in a title or copy button). */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A payment currency id (`USDC-base`, `fUSDC-sepolia`) to the symbol a person reads (`USDC`, `fUSDC`). */
export function currencySymbol(currencyId: string): string {
  const dash = currencyId.indexOf('-');
  return dash > 0 ? currencyId.slice(0, dash) : currencyId;
}
