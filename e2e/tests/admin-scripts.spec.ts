import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type ObraServer } from '../fixtures.ts';
import { signInWithForm } from './identity-helpers.ts';

test.use({ locale: 'en-US' });

/** A sign-in the demo seed wrote to $DATA_DIR/demo-users.json on the server's first start. */
function demoUser(obra: ObraServer, role: string): { email: string; password: string } {
  const users = JSON.parse(fs.readFileSync(path.join(obra.dataDir, 'demo-users.json'), 'utf8')) as {
    email: string;
    password: string;
    role: string;
  }[];
  const user = users.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

test.describe('admin scripts (issue 33 item 4)', () => {
  test('a platform admin runs a script dry, then for real after confirming, and reads its log', async ({
    page,
    obra,
  }) => {
    const admin = demoUser(obra, 'platformAdmin');
    await page.goto('/admin/scripts');
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/scripts$/);
    const script = page.locator('[data-testid="admin-script"][data-script="issues.rebuildSearchText"]');
    await expect(script).toContainText('Rebuild issue search');

    await script.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByTestId('admin-script-queued')).toContainText('Rebuild issue search');
    const first = page.getByTestId('admin-script-run').first();
    await expect(first).toContainText('dry run');
    await expect(first.getByTestId('admin-script-run-state')).toHaveText('Completed', { timeout: 30_000 });
    await expect(first.getByTestId('admin-script-run-summary')).toContainText('"issues":');
    await first.getByRole('button', { name: 'Show log' }).click();
    await expect(first.getByTestId('admin-script-run-log')).toContainText('dry run: nothing was changed');

    // For real: only after the confirmation.
    await script.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('for real');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(dialog).toBeHidden();
    const real = page.getByTestId('admin-script-run').first();
    await expect(real).not.toContainText('dry run');
    await expect(real.getByTestId('admin-script-run-state')).toHaveText('Completed', { timeout: 30_000 });
    await expect(real).toContainText(`by ${admin.email}`);
    await real.getByRole('button', { name: 'Show log' }).click();
    await expect(real.getByTestId('admin-script-run-log')).toContainText('search text written again');
  });
});
