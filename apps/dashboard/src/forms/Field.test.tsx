import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Field } from './Field';
import { amount, required } from './validation';

const schema = z.object({ payee: required, amount });

function Probe({ onValid }: { onValid: (v: z.output<typeof schema>) => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { payee: '', amount: '' } });
  return (
    <form aria-label="Probe" onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <Field control={form.control} name="payee" label="Payee address" hint="Who is paid" />
      <Field control={form.control} name="amount" label="Amount" />
    </form>
  );
}

describe('Field (react-hook-form + zod)', () => {
  it('marks a refused field aria-invalid and gives it the sentence as its accessible description', async () => {
    const valid: unknown[] = [];
    render(<Probe onValid={(v) => valid.push(v)} />);
    const payee = screen.getByLabelText('Payee address');
    expect(payee.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Who is paid').id).toBe(payee.getAttribute('aria-describedby'));

    fireEvent.change(payee, { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1,5' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Probe' }));
    await waitFor(() => expect(payee.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(payee.getAttribute('aria-describedby')!)?.textContent).toBe('Fill in this field.');
    const amountInput = screen.getByLabelText('Amount');
    expect(document.getElementById(amountInput.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter an amount such as 12.5 (digits, one dot).',
    );
    expect(valid).toEqual([]);

    fireEvent.change(payee, { target: { value: ' 0xabc ' } });
    fireEvent.change(amountInput, { target: { value: '12.5' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Probe' }));
    await waitFor(() => expect(valid).toEqual([{ payee: '0xabc', amount: '12.5' }]));
    expect(payee.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Who is paid').id).toBe(payee.getAttribute('aria-describedby'));
  });
});
