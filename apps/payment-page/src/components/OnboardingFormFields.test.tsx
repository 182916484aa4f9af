import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Currency, PlatformClientId } from '../api';
import type { OnboardingForm } from '../onboarding/onboarding-form';
import { OnboardingFormFields } from './OnboardingFormFields';

const ADDRESS = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const clientIds = [
  { clientId: 'pk_eu', label: 'Shop EU' },
  { clientId: 'pk_us', label: null },
] as PlatformClientId[];
const currencies = [
  { id: 'fUSDC-sepolia', symbol: 'fUSDC', network: 'sepolia' },
  { id: 'USDT-tron', symbol: 'USDT', network: 'tron' },
] as Currency[];

function renderForm(fixedClientId: string | null = null) {
  const submitted: OnboardingForm[] = [];
  render(
    <OnboardingFormFields
      defaults={{ clientId: fixedClientId ?? 'pk_eu', destinationWalletAddress: ADDRESS, currency: 'fUSDC-sepolia' }}
      clientIds={clientIds}
      fixedClientId={fixedClientId}
      currencies={currencies}
      orchestrator="Acme Orchestrator"
      pending={false}
      onSubmit={(form) => submitted.push(form)}
    />,
  );
  return submitted;
}

// Vitest runs without globals, so Testing Library's automatic cleanup is not registered.
afterEach(cleanup);

describe('OnboardingFormFields', () => {
  it('names every field by its label and submits the values chosen', async () => {
    const submitted = renderForm();
    expect(screen.getByLabelText('Payout wallet address')).toHaveProperty('value', ADDRESS);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Shop EU (pk_eu)',
      'pk_us',
      'fUSDC on sepolia',
      'USDT on tron',
    ]);
    fireEvent.change(screen.getByLabelText('Client ID to link'), { target: { value: 'pk_us' } });
    fireEvent.change(screen.getByLabelText('Payout currency'), { target: { value: 'USDT-tron' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link to Acme Orchestrator' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({ clientId: 'pk_us', destinationWalletAddress: ADDRESS, currency: 'USDT-tron' });
  });

  it('refuses an empty payout wallet with a sentence, and submits nothing', async () => {
    const submitted = renderForm('pk_eu');
    expect(screen.queryByLabelText('Client ID to link')).toBeNull();
    const wallet = screen.getByLabelText('Payout wallet address');
    fireEvent.change(wallet, { target: { value: '  ' } });
    fireEvent.submit(wallet.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the wallet address you are paid at.');
    expect(wallet.getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);
  });
});
