import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentsSchemas } from '../api';
import { DiscrepancyTable } from './DiscrepancyTable';

type Discrepancy = PaymentsSchemas['DiscrepancyDto'];

const TX = '0x' + 'ab'.repeat(32);
const evidence = {
  contract: '0x1111111111111111111111111111111111111111',
  blockNumber: 42,
  blockHash: '0x' + 'cd'.repeat(32),
  token: '0x2222222222222222222222222222222222222222',
  to: '0x3333333333333333333333333333333333333333',
  amount: '12500000',
  feeAmount: '0',
  feeAddress: '0x0000000000000000000000000000000000000000',
};
/** The OpenAPI document types each side as a free-form object (`Record<string, never>` once generated). */
const side = (fields: object) => fields as unknown as Discrepancy['chain'];
const item = (over: Partial<Discrepancy>): Discrepancy => ({
  class: 'missing_in_ledger',
  requestId: '01' + 'f'.repeat(64),
  referenceTopic: '0x' + '99'.repeat(32),
  txHash: TX,
  logIndex: 3,
  blockNumber: 42,
  chain: side(evidence),
  ledger: null,
  repairedAt: null,
  ...over,
});

// Vitest runs without globals, so Testing Library's automatic cleanup is not registered.
afterEach(cleanup);

/** The table inside a router (its payment links need one), at `/`. */
async function show(items: Discrepancy[]) {
  const root = createRootRoute({ component: () => <DiscrepancyTable items={items} /> });
  const payment = createRoute({ getParentRoute: () => root, path: '/payments/$requestId' });
  const router = createRouter({ routeTree: root.addChildren([payment]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  return screen.findByRole('table', { name: 'Discrepancies' });
}

describe('DiscrepancyTable', () => {
  it('shows a missing_in_ledger with its transaction, log index, block, the chain side and "Not in the ledger"', async () => {
    const table = await show([item({})]);
    const row = within(table).getAllByRole('row')[1];
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('missing_in_ledgerA payment log on the chain the ledger does not hold');
    expect(cells.slice(2, 5)).toEqual([TX, '3', '42']);
    expect(cells[5]).toContain('Amount (base units)12500000');
    expect(cells[6]).toBe('Not in the ledger');
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`/payments/01${'f'.repeat(64)}`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Class', 'Payment', 'Transaction', 'Log index', 'Block', 'On the chain', 'In the ledger']);
  });

  it('marks the field both sides disagree on, on both sides, and only that one', async () => {
    const table = await show([item({ class: 'amount_mismatch', ledger: side({ ...evidence, amount: '12000000' }) })]);
    const marks = within(table).getAllByText('differs');
    expect(marks).toHaveLength(2);
    expect(marks.map((m) => m.parentElement?.textContent)).toEqual(['12500000differs', '12000000differs']);
  });

  it('a clean run says so in the table', async () => {
    const table = await show([]);
    expect(within(table).getByRole('cell').textContent).toBe('No discrepancies: the ledger matches the chain in this window.');
  });
});
