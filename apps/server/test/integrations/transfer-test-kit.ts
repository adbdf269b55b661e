import { expect, vi } from 'vitest';
import type { TestUser } from '../support/factories.ts';
import type { RestAnswer } from '../drive/drive-test-kit.ts';
import type { TransferAnswer } from '../../src/modules/integrations/integration-transfer-service.ts';

/** A version being brought in, as GET …/transfers/{id} answers it. */
export type Transfer = TransferAnswer;

type Rest = <T = Record<string, unknown>>(
  user: TestUser | undefined,
  method: string,
  url: string,
  body?: unknown,
) => Promise<RestAnswer<T>>;

/** Waits until the transfer has ended (the integrations.transfer job ran), and returns it. */
export async function transferEnded(
  rest: Rest,
  user: TestUser,
  projectId: number,
  transferId: string,
): Promise<Transfer> {
  return vi.waitFor(
    async () => {
      const answer = await rest<Transfer>(
        user,
        'GET',
        `/autodoc/projects/${projectId}/transfers/${transferId}`,
      );
      expect(answer.status).toBe(200);
      if (answer.body.status === 'transferring') throw new Error('still transferring');
      return answer.body;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/**
 * POST …/aps-files as the web app does: the transfer is answered at once (202, transferring, its size known);
 * then waits for its end. Returns both.
 */
export async function bringIn(
  rest: Rest,
  user: TestUser,
  projectId: number,
  body: Record<string, unknown>,
): Promise<{ started: Transfer; ended: Transfer }> {
  const started = await rest<Transfer>(user, 'POST', `/autodoc/projects/${projectId}/aps-files`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ status: 'transferring', done: 0, file: null });
  expect(started.body.total).toBeGreaterThan(0);
  return { started: started.body, ended: await transferEnded(rest, user, projectId, started.body.id) };
}
