import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
}

/** A native button (keyboard and screen readers for free) styled by the design tokens. */
export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return <button {...rest} type={type} data-variant={variant} className={['pr-button', className].filter(Boolean).join(' ')} />;
}
