import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthFetch } from '../../../app/guards/guard-test-utils.tsx';
import { SetupDrivePage } from './setup-drive-page.tsx';
import { operations, renderSetupScreen, TEST_PROJECT } from './setup-test-kit.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const saved = {
  data: {
    setProjectDocumentsNamingRule: {
      id: 7,
      documentsNamingRule: [],
      documentsNamingRuleSeparator: '-',
    },
  },
};

function fieldOrder(): (string | null)[] {
  return screen.getAllByTestId('naming-rule-field').map((row) => row.getAttribute('data-field'));
}

describe('setup/drive: the document naming rule (editor §5.4)', SLOW, () => {
  it('offers the recommended rule, keeps the revision last and mandatory fields in, and saves the rule', async () => {
    const calls = stubAuthFetch({}, { SetProjectDocumentsNamingRule: saved });
    const { reload } = await renderSetupScreen(<SetupDrivePage />);
    expect(await screen.findByTestId('naming-rule-unset')).toBeInTheDocument();
    expect(fieldOrder()).toEqual([
      'project',
      'discipline',
      'phase',
      'local',
      'documentType',
      'sequence',
      'revision',
    ]);
    // The example uses the project's own abbreviations.
    expect(screen.getByTestId('naming-rule-example')).toHaveTextContent('RA-ARQ-EP-TA-PLN-001-R00');
    // Mandatory fields are locked in; the revision can neither move up nor be passed.
    const revision = screen.getByRole('listitem', { name: 'Revision' });
    expect(within(revision).queryByRole('button', { name: 'Remove Revision' })).toBeNull();
    expect(within(revision).getByRole('button', { name: 'Move Revision up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Sequence number down' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove Discipline' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Project code' }));
    await user.click(screen.getByRole('button', { name: 'Move Phase up' }));
    await user.click(screen.getByRole('textbox', { name: 'Add a field' }));
    await user.click(await screen.findByRole('option', { name: 'Description', hidden: true }));
    expect(fieldOrder()).toEqual([
      'phase',
      'discipline',
      'local',
      'documentType',
      'sequence',
      'description',
      'revision',
    ]);
    // A field already in the rule is not offered again.
    await user.click(screen.getByRole('textbox', { name: 'Add a field' }));
    expect(screen.queryByRole('option', { name: 'Description', hidden: true })).toBeNull();
    expect(
      screen.getByRole('option', { name: 'Project code (Recommended)', hidden: true }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByText('Underscore ( _ )'));
    expect(screen.getByTestId('naming-rule-example')).toHaveTextContent('EP_ARQ_TA_PLN_001_FACADE_R00');
    expect(screen.queryByTestId('naming-rule-problems')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(operations(calls, 'SetProjectDocumentsNamingRule').map((o) => o.variables)).toEqual([
      {
        projectId: 7,
        documentsNamingRule: [
          'phase',
          'discipline',
          'local',
          'documentType',
          'sequence',
          'description',
          'revision',
        ],
        documentsNamingRuleSeparator: '_',
      },
    ]);
    expect(reload).toHaveBeenCalled();
  });

  it('lists what a stored rule lacks and does not let it be saved until fixed', async () => {
    stubAuthFetch({}, {});
    await renderSetupScreen(<SetupDrivePage />, {
      project: {
        ...TEST_PROJECT,
        documentsNamingRule: ['revision', 'project'],
        documentsNamingRuleSeparator: '.',
      },
    });
    const problems = await screen.findByTestId('naming-rule-problems');
    expect(problems).toHaveTextContent('Discipline is mandatory.');
    expect(problems).toHaveTextContent('Sequence number is mandatory.');
    // Read back with the revision last.
    expect(fieldOrder()).toEqual(['project', 'revision']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const user = userEvent.setup();
    for (const field of ['Discipline (Mandatory)', 'Sequence number (Mandatory)']) {
      await user.click(screen.getByRole('textbox', { name: 'Add a field' }));
      await user.click(await screen.findByRole('option', { name: field, hidden: true }));
    }
    expect(fieldOrder()).toEqual(['project', 'discipline', 'sequence', 'revision']);
    expect(screen.queryByTestId('naming-rule-problems')).toBeNull();
    expect(screen.getByTestId('naming-rule-example')).toHaveTextContent('RA.ARQ.001.R00');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the rule read-only to a collaborator', async () => {
    stubAuthFetch({}, {});
    await renderSetupScreen(<SetupDrivePage />, {
      project: {
        ...TEST_PROJECT,
        documentsNamingRule: ['discipline', 'sequence', 'revision'],
        permissions: { ...TEST_PROJECT.permissions, role: 'collaborator', canSetup: false },
      },
    });
    expect(await screen.findByTestId('setup-read-only')).toBeInTheDocument();
    expect(fieldOrder()).toEqual(['discipline', 'sequence', 'revision']);
    expect(screen.queryByRole('textbox', { name: 'Add a field' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
