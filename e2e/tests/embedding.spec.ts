import { expect, test } from '../fixtures.ts';
import { addPhotoWithPin, buildIssueWorld } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';

// Embedding hosts (issue 32 item 3; docs/embedding.md): a partner's page of another origin (e2e/embed-host.ts,
// allowed by EMBEDDING_HOSTS in playwright.config.ts) embeds Obra in a frame and drives it with
// postMessage: hello → ready, open an issue, hear where Obra goes and which issue is selected, open the project and
// hear of the issue raised there.

test.describe('embedding hosts', () => {
  test('a host page embeds Obra, opens an issue through postMessage, hears where it goes and which issue is selected, and hears of an issue raised in it', async ({
    page,
    request,
    obra,
  }) => {
    test.setTimeout(120_000);
    const world = await buildIssueWorld(request, obra);
    const created = await gql<{ createIssue: { id: number } }>(
      request,
      world.owner.token,
      `mutation($p: Int!, $d: [IssueDisciplineInput!]) {
        createIssue(projectId: $p, title: "Shaft opening missing on level 2", status: "active", priority: "high",
          visibility: "public", disciplines: $d, pin: { x: 10, y: 10 }) { id } }`,
      { p: world.projectId, d: [{ disciplineId: world.disciplineIds[0], status: 'todo' }] },
    );
    const issueId = created.createIssue.id;
    // The partner's page (e2e/embed-host.ts) on its own origin, allowed by EMBEDDING_HOSTS.
    await page.goto(`http://127.0.0.1:${process.env.OBRA_E2E_EMBED_PORT}/`);
    await expect(page.getByRole('heading', { name: 'Partner platform' })).toBeVisible();
    const frame = page.frameLocator('#obra');
    await frame.getByLabel('E-mail').fill(world.owner.email);
    await frame.getByRole('textbox', { name: 'Password', exact: true }).fill(world.owner.password);
    await frame.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(frame.getByTestId('workspace-home')).toBeVisible();
    // Embedded: no support icon.
    await expect(frame.getByTestId('support-button')).toHaveCount(0);

    const events = () =>
      page.evaluate(() => (window as unknown as { obraEvents: { type: string }[] }).obraEvents);
    await expect
      .poll(async () => {
        await page.evaluate(() =>
          (window as unknown as { sendToObra(m: unknown): void }).sendToObra({ type: 'obra:hello' }),
        );
        return (await events()).some((e) => e.type === 'obra:ready');
      })
      .toBe(true);

    // The host opens an issue; Obra shows it and says so.
    await page.evaluate(
      ([p, i]) =>
        (window as unknown as { sendToObra(m: unknown): void }).sendToObra({
          type: 'obra:open',
          target: { kind: 'issue', projectId: p, issueId: i },
        }),
      [world.projectId, issueId],
    );
    await expect(frame.getByText('Shaft opening missing on level 2').first()).toBeVisible();
    await expect
      .poll(async () => (await events()).find((e) => e.type === 'obra:issueSelected'))
      .toEqual({ type: 'obra:issueSelected', projectId: world.projectId, issueId });
    // A malformed message is answered with an error event, and changes nothing.
    await page.evaluate(() =>
      (window as unknown as { sendToObra(m: unknown): void }).sendToObra({ type: 'obra:eval', code: 'x' }),
    );
    await expect.poll(async () => (await events()).some((e) => e.type === 'obra:error')).toBe(true);
    expect((await events()).filter((e) => e.type === 'obra:navigated').length).toBeGreaterThan(0);

    // The host opens the project; an issue raised in the frame is told to the host with its id.
    await page.evaluate(
      (p) =>
        (window as unknown as { sendToObra(m: unknown): void }).sendToObra({
          type: 'obra:open',
          target: { kind: 'project', projectId: p },
        }),
      world.projectId,
    );
    await frame.getByTestId('create-issue').click();
    const dialog = frame.getByRole('dialog');
    await expect(dialog.getByText('New issue')).toBeVisible();
    await dialog.getByLabel('Title').fill('Sleeve missing in the core wall');
    await dialog.getByRole('textbox', { name: 'Discipline 1', exact: true }).click();
    await frame.getByRole('option', { name: 'Estrutura (EST)' }).first().click();
    await addPhotoWithPin(page, dialog, 'level-02');
    await dialog.getByTestId('issue-form-submit').click();
    await expect
      .poll(async () => (await events()).find((e) => e.type === 'obra:issueCreated'))
      .toMatchObject({ type: 'obra:issueCreated', projectId: world.projectId });
    const told = (await events()).find((e) => e.type === 'obra:issueCreated') as unknown as {
      issueId: number;
    };
    const issue = await gql<{ issue: { title: string } }>(
      request,
      world.owner.token,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { title } }',
      { p: world.projectId, i: told.issueId },
    );
    expect(issue.issue.title).toBe('Sleeve missing in the core wall');
  });
});
