// Process roles (issue 8): ROLE=all|web|worker (or --role), what each implies, and the settings refused together.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withRoleFlag } from '../../src/config.ts';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/obra';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.join('\n');
    throw error;
  }
  return '';
}

describe('process roles', () => {
  it('runs everything in one process by default, as npm start does', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', runJobs: true, jobTimeoutSeconds: 900 });
    expect(loadConfig({ JOBS: 'none' })).toMatchObject({ role: 'all', runJobs: false });
  });

  it('gives web processes no jobs and worker processes every job', () => {
    expect(loadConfig({ ROLE: 'web', DATABASE_URL })).toMatchObject({ role: 'web', runJobs: false });
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL })).toMatchObject({ role: 'worker', runJobs: true });
    expect(loadConfig({ ROLE: 'web', JOBS: 'none', DATABASE_URL, JOB_TIMEOUT_SECONDS: '60' })).toMatchObject({
      runJobs: false,
      jobTimeoutSeconds: 60,
    });
  });

  it('refuses separate roles on the embedded database, and JOBS that contradicts ROLE', () => {
    expect(problems({ ROLE: 'worker' })).toMatch(/ROLE: 'worker' needs DATABASE_URL/);
    expect(problems({ ROLE: 'web', JOBS: 'all', DATABASE_URL })).toMatch(
      /JOBS: 'all' contradicts ROLE 'web'/,
    );
    expect(problems({ ROLE: 'worker', JOBS: 'none', DATABASE_URL })).toMatch(
      /JOBS: 'none' contradicts ROLE 'worker'/,
    );
    expect(problems({ ROLE: 'cron', DATABASE_URL })).toMatch(/ROLE/);
    expect(problems({ JOB_TIMEOUT_SECONDS: '1' })).toMatch(/JOB_TIMEOUT_SECONDS/);
  });

  it('takes the role from the command line before the environment', () => {
    expect(withRoleFlag({ ROLE: 'web' }, ['--role=worker'])).toMatchObject({ ROLE: 'worker' });
    expect(withRoleFlag({}, ['--role', 'web'])).toMatchObject({ ROLE: 'web' });
    expect(withRoleFlag({ ROLE: 'web' }, [])).toMatchObject({ ROLE: 'web' });
  });
});
