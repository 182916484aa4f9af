import { TextField, type TextFieldProps } from '@payrail/web';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { validationText } from './validation';

type Props<T extends FieldValues> = { control: Control<T>; name: Path<T> } & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur'>;

/**
 * A labelled text field bound to react-hook-form. The native constraints (`required`, `pattern`,
 * `type`) stay on the input, so the browser's own messages come first as before; the form's zod
 * check then marks the field `aria-invalid` and its sentence replaces the hint, which the input
 * names with aria-describedby: a screen reader reads it with the field.
 */
export function Field<T extends FieldValues>({ control, name, hint, ...input }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <TextField
      {...input}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      aria-invalid={error ? true : undefined}
      hint={error ? validationText(error) : hint}
    />
  );
}
