import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOptions } from '../src/db/database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

describe('PostgreSQL session options', () => {
  it('turn JIT off unless the URL or PGOPTIONS sets options', () => {
    const saved = process.env.PGOPTIONS;
    delete process.env.PGOPTIONS;
    try {
      expect(sessionOptions('postgres://obra@db:5432/obra')).toEqual({ options: '-c jit=off' });
      expect(sessionOptions('postgres://obra@db:5432/obra?options=-c%20jit%3Don')).toEqual({});
      expect(sessionOptions('host=db dbname=obra')).toEqual({});
      process.env.PGOPTIONS = '-c jit=on';
      expect(sessionOptions('postgres://obra@db:5432/obra')).toEqual({});
    } finally {
      if (saved === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = saved;
    }
  });
});

describe('the server database session', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never compiles statements with JIT', async () => {
    const { kind, executor } = t.server.services.database;
    const { rows } = await executor.executeSql(
      'select current_setting($1) as jit, pg_jit_available() as available',
      ['jit'],
    );
    // PostgreSQL: turned off for Obra's connections. PGlite: built without LLVM, so the setting does nothing.
    expect(rows).toEqual([
      kind === 'postgres' ? { jit: 'off', available: expect.any(Boolean) } : { jit: 'on', available: false },
    ]);
  });
});
