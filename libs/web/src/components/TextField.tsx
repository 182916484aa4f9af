import { type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A sentence under the field; linked with aria-describedby. */
  hint?: string;
}

/** An input with a visible <label> bound to it, so its accessible name is the label. */
export function TextField({ label, hint, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="pr-field">
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} aria-describedby={hintId} />
      {hint && <small id={hintId}>{hint}</small>}
    </div>
  );
}
