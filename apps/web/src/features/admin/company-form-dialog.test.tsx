import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { NEW_COMPANY, parseLimit } from './admin-company-form.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

async function open(onSubmit: (input: unknown) => void) {
  const dialog = (
    <CompanyFormDialog
      opened
      mode="create"
      initial={NEW_COMPANY}
      busy={false}
      error={null}
      onClose={() => undefined}
      onSubmit={onSubmit}
    />
  );
  await renderRoutes([{ path: '/', element: dialog }], '/', fakeSession());
  return userEvent.setup();
}

describe('CompanyFormDialog (editor §2.2 admin company form)', SLOW, () => {
  it('reports every invalid field and does not submit', async () => {
    const onSubmit = vi.fn();
    const user = await open(onSubmit);
    await user.type(await screen.findByLabelText(/^Owner e-mail/), 'not-an-email');
    await user.type(screen.getByLabelText(/^CNPJ/), '123');
    await user.type(screen.getByLabelText(/^Website/), 'nowhere');
    const limit = screen.getByLabelText(/^Maximum active projects/);
    await user.clear(limit);
    await user.type(limit, '-5');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the company name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('A CNPJ has 14 digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter a website such as www.example.com.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number: -1 for unlimited, or 0 or more.')).toBeInTheDocument();
  });

  it('submits a valid company with its limit, empty optional fields as null', async () => {
    const onSubmit = vi.fn();
    const user = await open(onSubmit);
    await user.type(await screen.findByLabelText(/^Company name/), '  Construtora Norte ');
    await user.type(screen.getByLabelText(/^CNPJ/), '12.345.678/0001-95');
    const limit = screen.getByLabelText(/^Maximum active projects/);
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        name: 'Construtora Norte',
        ownerEmail: null,
        cnpj: '12.345.678/0001-95',
        website: null,
        isActive: true,
        maxActiveProjects: 3,
      },
      { state: 'keep' },
    );
  });

  it('reads -1 as unlimited and refuses other negatives or fractions', () => {
    expect(parseLimit('-1')).toBe(-1);
    expect(parseLimit('0')).toBe(0);
    expect(parseLimit(' 12 ')).toBe(12);
    expect(parseLimit('-2')).toBeNull();
    expect(parseLimit('1.5')).toBeNull();
    expect(parseLimit('')).toBeNull();
  });
});
