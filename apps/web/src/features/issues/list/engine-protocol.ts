import type { IssueFacts } from '@obra/domain';
import type { EngineQuery, EngineResult } from './issue-list-engine.ts';

/** Messages from the page to the list engine. */
export type EngineRequest =
  | { type: 'upsert'; issues: IssueFacts[] }
  | { type: 'remove'; ids: number[] }
  | { type: 'reset' }
  | { type: 'query'; seq: number; query: EngineQuery };

/** The engine's answer to a query. */
export interface EngineResponse {
  type: 'result';
  seq: number;
  result: EngineResult;
}
