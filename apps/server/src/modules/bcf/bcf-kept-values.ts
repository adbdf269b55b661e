import {
  BCF_PRIORITY_OF,
  BCF_STATUS_OF,
  bcfStageOf,
  bcfTopicTypeOf,
  mapBcfPriority,
  mapBcfStage,
  mapBcfStatus,
  mapBcfTopicType,
  type BcfTopic,
  type IssueStatus,
  type Priority,
} from '@obra/domain';
import type { StoredBcfDocument } from './bcf-import-files.ts';

/** What BCF kept of an imported topic (bcf_topics.topic). */
export interface KeptTopic extends Partial<BcfTopic> {
  unmappedLabels?: string[];
  documents?: StoredBcfDocument[];
}

/** One of a topic's BCF words that map onto an issue field: BCF's, whether Obra's still reads as it, Obra's. */
export interface KeptBcfValue {
  /** What the imported topic said (undefined: nothing, or not imported). */
  kept: string | undefined;
  /** Whether Obra's value is still what `kept` maps to (an absent value maps to the mapping's default). */
  same: boolean;
  /** Obra's value in BCF's words. */
  obra: string | undefined;
}

/** Maps one BCF word (`key` names it among the words mapped with `ids`); the BCF-API's remembers (mappedOnce). */
export type BcfValueMapper = <T>(ids: readonly number[], key: string, map: () => T) => T;

const mapNow: BcfValueMapper = (_ids, _key, map) => map();

/**
 * A topic's type, status, priority and stage as BCF said them and as Obra's issue has them: the one rule of the
 * BCF export and the BCF-API, "what BCF said while Obra's value still reads the same, else Obra's". What each
 * writes for a value BCF left out is its own: the export leaves it out, the API answers Obra's.
 */
export function keptBcfValues(
  issue: { categoryId: number | null; status: string; priority: string; creationPhase: number | null },
  kept: KeptTopic,
  lists: { activeCategoryIds: readonly number[]; activePhaseIds: readonly number[] },
  mapOnce: BcfValueMapper = mapNow,
): Record<'topicType' | 'topicStatus' | 'priority' | 'stage', KeptBcfValue> {
  const { activeCategoryIds: categories, activePhaseIds: phases } = lists;
  // Whether `value` maps to `obra` (an absent value maps at once to the default, and is not remembered).
  const same = <T>(
    ids: readonly number[],
    name: string,
    value: string | undefined,
    map: (value: string | undefined) => T,
    obra: T,
  ): boolean =>
    (value === undefined ? map(value) : mapOnce(ids, `${name}:${value}`, () => map(value))) === obra;
  const { topicType, topicStatus, priority, stage } = kept;
  return {
    topicType: {
      kept: topicType,
      same: same(
        categories,
        'type',
        topicType,
        (v) => mapBcfTopicType(v, categories).value,
        issue.categoryId,
      ),
      obra: bcfTopicTypeOf(issue.categoryId),
    },
    topicStatus: {
      kept: topicStatus,
      same: same(categories, 'status', topicStatus, (v) => mapBcfStatus(v).value, issue.status),
      obra: BCF_STATUS_OF[issue.status as IssueStatus],
    },
    priority: {
      kept: priority,
      same: same(categories, 'priority', priority, (v) => mapBcfPriority(v).value, issue.priority),
      obra: BCF_PRIORITY_OF[issue.priority as Priority],
    },
    stage: {
      kept: stage,
      same: same(phases, 'stage', stage, (v) => mapBcfStage(v, phases).value, issue.creationPhase),
      obra: bcfStageOf(issue.creationPhase),
    },
  };
}
