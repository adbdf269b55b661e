import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';

type FieldProps<P> = Omit<P, 'onChange'> & { value: string; onChange: (value: string) => void };

/** A controlled text input whose change handler receives the new text. */
export function TextField({ onChange, ...props }: FieldProps<TextInputProps>) {
  return <TextInput {...props} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** A controlled password input whose change handler receives the new text. */
export function PasswordField({ onChange, ...props }: FieldProps<PasswordInputProps>) {
  return <PasswordInput {...props} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** The required field of the password the person has now (the browser may fill it in). */
export function CurrentPasswordField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <PasswordField autoComplete="current-password" required {...props} />;
}
