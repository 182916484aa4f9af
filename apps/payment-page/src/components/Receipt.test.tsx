import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingPayment } from '../pay/fixtures';
import { receiptFactsOf } from '../pay/receipt';
import { PaymentSummary } from './PaymentSummary';
import { Receipt } from './Receipt';

const HASH = `0x${'ab'.repeat(32)}`;
const paid = (explorerUrl: string | null) =>
  receiptFactsOf(
    pendingPayment({
      status: 'completed',
      reference: 'INV-2041',
      receipt: { txHash: HASH, settledAt: '2026-11-27T10:05:00.000Z', explorerUrl, amountPaid: '12.5', feePaid: '0' },
    }),
  )!;

afterEach(cleanup);

describe('Receipt', () => {
  it('links the hash to the explorer in a new tab, and the printable receipt of the link', () => {
    render(<Receipt facts={paid(`https://sepolia.etherscan.io/tx/${HASH}`)} token="01AB" clientId="pk_1" />);
    const region = screen.getByRole('region', { name: 'Receipt' });
    const explorer = within(region).getByRole('link', { name: `Transaction ${HASH} on the block explorer (opens in a new tab)` });
    expect(explorer.getAttribute('href')).toBe(`https://sepolia.etherscan.io/tx/${HASH}`);
    expect(explorer.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(region).getByRole('link', { name: 'Download receipt' }).getAttribute('href')).toBe('/pay/01AB/receipt?clientId=pk_1');
    expect(within(region).getByText('27 Nov 2026, 10:05 UTC')).toBeTruthy();
  });

  it('shows the bare hash where the network has no explorer', () => {
    render(<Receipt facts={paid(null)} token="01AB" clientId="pk_1" />);
    expect(screen.getByText(HASH).closest('a')).toBeNull();
  });
});

describe('PaymentSummary', () => {
  it('names the merchant, token and network, and adds fee and total lines when the payer bears a fee', () => {
    const fee = {
      type: 'platform',
      label: 'Platform fee',
      feeBearer: 'payer',
      feeBearerSource: 'fee_config',
      percentageBps: 100,
      capUsd: null,
      calculatedAmountUsd: null,
      destinationResolver: 'fee_address',
      destinationRef: { evmAddress: null, tronAddress: null },
      configSource: 'client_id',
      fixedAmountUsd: null,
    } as const;
    const feePlan = { version: 1, flow: 'get_paid', defaultFeeBearer: 'payer', fees: [fee] } as unknown as NonNullable<
      ReturnType<typeof pendingPayment>['feePlan']
    >;
    const { container } = render(
      <PaymentSummary payment={pendingPayment({ feePlan, feeAmount: '0.125', payerTotalAmount: '12.625' })} onExpired={() => undefined} />,
    );
    const text = (field: string) => container.querySelector(`[data-field="${field}"]`)?.textContent;
    expect(screen.getByRole('heading', { name: 'Pay Acme Shop' })).toBeTruthy();
    expect([text('total'), text('amount'), text('fee'), text('payer-total')]).toEqual([
      '12.625 fUSDC',
      '12.5 fUSDC',
      '0.125 fUSDC',
      '12.625 fUSDC',
    ]);
    expect(screen.getByText('Fee (1%)')).toBeTruthy();
    expect([text('token'), text('network')]).toEqual(['FakeUSDC (fUSDC)', 'Sepolia testnet']);
  });

  it('has no fee lines without a fee plan', () => {
    const { container } = render(<PaymentSummary payment={pendingPayment()} onExpired={() => undefined} />);
    expect(container.querySelector('[data-field="fee"]')).toBeNull();
  });
});
