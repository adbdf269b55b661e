import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';

/** Length of the codes the server e-mails (issue 3). */
export const CODE_LENGTH = 6;

/** The 6-digit code field, one box per digit, pasteable and filled by the browser's one-time-code autofill. */
export function CodeInput({
  label,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} required id={id} labelProps={{ htmlFor: `${id}-0` }}>
      <PinInput
        id={id}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        autoFocus={autoFocus}
        aria-label={label}
        size="md"
        mt={4}
        data-testid="code-input"
      />
    </Input.Wrapper>
  );
}
