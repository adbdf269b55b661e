import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { passwordFormState } from '@obra/domain';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { NewPasswordFields, type NewPasswordValue } from './password-strength.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

function Harness() {
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  return (
    <>
      <NewPasswordFields value={value} onChange={setValue} />
      <button type="submit" disabled={!passwordFormState(value.password, value.confirmation).valid}>
        submit
      </button>
    </>
  );
}

const met = (rule: string) => screen.getByTestId(`password-rule-${rule}`).getAttribute('data-met');

describe('password strength (editor §5.2)', SLOW, () => {
  it('checks each rule live and enables submit only when both passwords match and pass', async () => {
    await renderRoutes([{ path: '/', element: <Harness /> }], '/', fakeSession());
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Password/);
    const confirmation = screen.getByLabelText(/^Confirm the password/);
    const submit = screen.getByRole('button', { name: 'submit' });

    expect(screen.getByText('An uppercase letter')).toBeInTheDocument();
    expect(['uppercase', 'lowercase', 'special', 'digit', 'length', 'same'].map(met)).toEqual([
      'false',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);

    await user.type(password, 'abc');
    expect(met('lowercase')).toBe('true');
    expect(met('uppercase')).toBe('false');

    await user.type(password, 'D1!xyz');
    expect(['uppercase', 'lowercase', 'special', 'digit', 'length'].map(met)).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
    ]);
    expect(submit).toBeDisabled();

    await user.type(confirmation, 'abcD1!xy');
    expect(screen.getByText('The passwords are not the same')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(confirmation, 'z');
    expect(screen.getByText('Both passwords are the same')).toBeInTheDocument();
    expect(met('same')).toBe('true');
    expect(submit).toBeEnabled();
  });
});
