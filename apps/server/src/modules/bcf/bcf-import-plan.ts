import type { Tx } from '../../db/database.ts';
import { z } from 'zod';
import {
  AppError,
  bcfDateOnly,
  bcfKey,
  commentTextProblems,
  mapBcfLabels,
  mapBcfPriority,
  mapBcfStage,
  mapBcfStatus,
  mapBcfTopicType,
  TEXT_LIMITS,
  type BcfMatch,
  type BcfPackage,
  type BcfTopic,
  type ErrorCode,
  type ObraBcfTopicExtension,
  type IssueFieldsInput,
} from '@obra/domain';
import { type projectStatuses } from '../projects/project-settings-repository.ts';
import { type ProjectAccess } from '../projects/project-access.ts';
import { type BcfProjectSetup } from './bcf-repository.ts';

/** The choices a user makes where the mapping is ambiguous (all optional; the preview shows the guesses). */
export const bcfImportMappingSchema = z
  .object({
    types: z.record(z.string(), z.number().int().nullable()).optional(),
    statuses: z.record(z.string(), z.enum(['active', 'resolved', 'reproved'])).optional(),
    priorities: z.record(z.string(), z.enum(['high', 'medium', 'low'])).optional(),
    stages: z.record(z.string(), z.number().int().nullable()).optional(),
    labels: z.record(z.string(), z.number().int().nullable()).optional(),
    users: z.record(z.string(), z.number().int().nullable()).optional(),
    /** Disciplines of topics that do not carry Obra's extension. */
    disciplineIds: z.array(z.number().int()).max(100).optional(),
    visibility: z.enum(['creator', 'project_management', 'public']).optional(),
  })
  .strict();
export type BcfImportMapping = z.infer<typeof bcfImportMappingSchema>;

/** Parses the `mapping` field of an import (JSON text or value); BAD_USER_INPUT when it does not fit. */
export function parseBcfImportMapping(raw: unknown): BcfImportMapping {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw new AppError('BAD_USER_INPUT', 'mapping is not JSON', { field: 'mapping' });
    }
  }
  const parsed = bcfImportMappingSchema.safeParse(value);
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'invalid mapping', { field: 'mapping' });
  return parsed.data;
}

/** How one BCF value of a kind was mapped, with how many topics carry it. */
export interface BcfValueMapping<T> {
  value: string;
  topics: number;
  mappedTo: T;
  match: BcfMatch;
}

export interface BcfImportItem {
  guid: string;
  title: string;
  action: 'create' | 'update' | 'failed';
  issueId?: number | undefined;
  code?: string | undefined;
  error?: { code: ErrorCode; message: string } | undefined;
  comments: number;
  viewpoints: number;
  snapshots: number;
  /** What of the topic could not be mapped (labels without a project label, unknown users, …). */
  warnings: string[];
}

/** The preview (dryRun) and the result of an import. */
export interface BcfImportReport {
  dryRun: boolean;
  version: string;
  topics: number;
  created: number;
  updated: number;
  failed: number;
  fromObra: boolean;
  items: BcfImportItem[];
  mapping: {
    types: BcfValueMapping<number | null>[];
    statuses: BcfValueMapping<string>[];
    priorities: BcfValueMapping<string>[];
    stages: BcfValueMapping<number | null>[];
    labels: BcfValueMapping<number | null>[];
    users: BcfValueMapping<number | null>[];
    disciplineIds: number[];
  };
  /** Topic folders that could not be read, with why. */
  unreadable: { folder: string; reason: string }[];
}

export interface PlannedTopic {
  topic: BcfTopic;
  item: BcfImportItem;
  fields: IssueFieldsInput;
  existingIssueId: number | undefined;
  obra: ObraBcfTopicExtension | undefined;
  unmappedLabels: string[];
}

function tally<T>(
  list: BcfValueMapping<T>[],
  value: string | undefined,
  mapped: { value: T; match: BcfMatch },
): void {
  if (value === undefined || value.trim() === '') return;
  const found = list.find((m) => m.value === value);
  if (found) found.topics += 1;
  else list.push({ value, topics: 1, mappedTo: mapped.value, match: mapped.match });
}

/** The disciplines a topic without Obra's extension gets: the chosen ones, else BIM coordination, else the importer's. */
function defaultDisciplineIds(
  setup: BcfProjectSetup,
  access: ProjectAccess,
  mapping: BcfImportMapping,
): number[] {
  const known = new Set(setup.disciplines.map((d) => d.id));
  const chosen = (mapping.disciplineIds ?? []).filter((id) => known.has(id));
  if (chosen.length > 0) return [...new Set(chosen)];
  const bim = setup.disciplines.find((d) => d.standardDisciplineId === 33);
  if (bim) return [bim.id];
  const own = access.userDisciplines.find((id) => known.has(id));
  if (own !== undefined) return [own];
  const first = setup.disciplines[0];
  return first ? [first.id] : [];
}

/** A pending and a settled discipline status the project has switched on (todo / done by preference). */
export function disciplineStatusFor(
  statuses: Awaited<ReturnType<typeof projectStatuses>>,
  issueStatus: string,
): string {
  const pending = issueStatus === 'active';
  const candidates = pending ? ['todo', 'doing', 'active'] : ['done', 'resolved', 'validated', 'aware'];
  const preferred = candidates.find((key) => statuses.active.has(key));
  if (preferred) return preferred;
  const any = [...statuses.all.values()].find(
    (s) => statuses.active.has(s.key) && s.keepIssueActive === pending,
  );
  return any?.key ?? (pending ? 'todo' : 'done');
}

/** The BCF bimPin of a topic: where its first viewpoint's camera looks from (Obra issues need a pin). */
function bimPinsOf(topic: BcfTopic): unknown[] {
  const first = [...topic.viewpoints].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))[0];
  const camera = first?.visualization?.camera;
  return [
    {
      source: 'bcf',
      topicGuid: topic.guid,
      viewpointGuid: first?.guid ?? null,
      position: camera ? camera.viewPoint : null,
      direction: camera ? camera.direction : null,
    },
  ];
}

export function planTopics(
  pkg: BcfPackage,
  context: {
    access: ProjectAccess;
    setup: BcfProjectSetup;
    statuses: Awaited<ReturnType<typeof projectStatuses>>;
    mapping: BcfImportMapping;
    existing: Map<string, number>;
    visible: Set<number>;
  },
  report: BcfImportReport,
): PlannedTopic[] {
  const { setup, statuses, mapping, existing, visible } = context;
  const defaults = defaultDisciplineIds(setup, context.access, mapping);
  report.mapping.disciplineIds = defaults;
  const visibility = mapping.visibility ?? 'public';
  const seen = new Set<string>();
  const planned: PlannedTopic[] = [];
  for (const topic of pkg.topics) {
    const obra = pkg.obra?.topics[topic.guid];
    const warnings: string[] = [];
    const existingIssueId = existing.get(topic.guid);
    const item: BcfImportItem = {
      guid: topic.guid,
      title: existingIssueId !== undefined && !visible.has(existingIssueId) ? '' : topic.title,
      action: existingIssueId === undefined ? 'create' : 'update',
      issueId: existingIssueId !== undefined && visible.has(existingIssueId) ? existingIssueId : undefined,
      comments: topic.comments.length,
      viewpoints: topic.viewpoints.length,
      snapshots: topic.viewpoints.filter((v) => v.snapshot).length,
      warnings,
    };
    report.items.push(item);
    const fail = (code: ErrorCode, reason: string) => {
      item.action = 'failed';
      item.error = { code, message: reason };
    };
    if (seen.has(topic.guid)) {
      fail('BAD_USER_INPUT', 'the package has this topic twice');
      continue;
    }
    seen.add(topic.guid);
    if (existingIssueId !== undefined && !visible.has(existingIssueId)) {
      // Another user's issue the importer may not see: nothing of it is told.
      fail('NOT_FOUND', 'a topic with this GUID exists in the project and you may not change it');
      continue;
    }
    if (topic.title.trim() === '') {
      fail('REQUIRED_FIELD', 'the topic has no title');
      continue;
    }
    const longComment = topic.comments.find(
      (c) => commentTextProblems({ message: bcfCommentMessage(c.comment) }).length > 0,
    );
    if (longComment) {
      fail(
        'TEXT_TOO_LONG',
        `comment ${longComment.guid} is longer than ${TEXT_LIMITS.commentMessage} characters`,
      );
      continue;
    }
    const status = mapBcfStatus(topic.topicStatus, mapping.statuses?.[topic.topicStatus ?? '']);
    const priority = mapBcfPriority(topic.priority, mapping.priorities?.[topic.priority ?? '']);
    const type = mapBcfTopicType(
      topic.topicType,
      setup.activeCategoryIds,
      topic.topicType !== undefined ? mapping.types?.[topic.topicType] : undefined,
    );
    const stage = mapBcfStage(
      topic.stage,
      setup.activePhaseIds,
      topic.stage !== undefined ? mapping.stages?.[topic.stage] : undefined,
    );
    tally(report.mapping.statuses, topic.topicStatus, status);
    tally(report.mapping.priorities, topic.priority, priority);
    tally(report.mapping.types, topic.topicType, type);
    tally(report.mapping.stages, topic.stage, stage);
    const labelsIn = topic.labels.filter((l) => !(obra?.disciplineLabels ?? []).includes(l));
    const labels = mapBcfLabels(labelsIn, setup.labels, mapping.labels ?? {});
    for (const label of labelsIn) {
      const id = labels.ids.find((lid) => {
        const l = setup.labels.find((x) => x.id === lid);
        return l && (bcfKey(l.name) === bcfKey(label) || bcfKey(l.abbreviation) === bcfKey(label));
      });
      const chosen = mapping.labels?.[label];
      tally(
        report.mapping.labels,
        label,
        chosen !== undefined
          ? { value: chosen, match: 'chosen' }
          : { value: id ?? null, match: id !== undefined ? 'exact' : 'none' },
      );
    }
    if (labels.unmapped.length > 0) warnings.push(`labels kept in BCF only: ${labels.unmapped.join(', ')}`);
    for (const email of [topic.assignedTo, topic.creationAuthor, ...topic.comments.map((c) => c.author)]) {
      if (!email) continue;
      const chosen = mapping.users?.[email];
      const member = setup.members.get(email.toLowerCase());
      tally(
        report.mapping.users,
        email,
        chosen !== undefined
          ? { value: chosen, match: 'chosen' }
          : { value: member?.id ?? null, match: member ? 'exact' : 'none' },
      );
    }
    const assignee = topic.assignedTo
      ? (mapping.users?.[topic.assignedTo] ?? setup.members.get(topic.assignedTo.toLowerCase())?.id ?? null)
      : null;
    if (topic.assignedTo && assignee === null)
      warnings.push(`AssignedTo ${topic.assignedTo} is not a project member`);
    if (type.match === 'none') warnings.push(`TopicType "${topic.topicType ?? ''}" has no category`);
    if (stage.match === 'none') warnings.push(`Stage "${topic.stage ?? ''}" has no phase`);
    if (status.match === 'none') warnings.push(`TopicStatus "${topic.topicStatus ?? ''}" read as active`);
    // Obra's own extension restores what BCF cannot say: exact status, priority, visibility, disciplines.
    const issueStatus = (obra?.status as typeof status.value | undefined) ?? status.value;
    const disciplines = obra?.disciplines.length
      ? obra.disciplines.flatMap((d) => {
          const found =
            setup.disciplines.find((p) => bcfKey(p.abbreviation) === bcfKey(d.abbreviation)) ??
            setup.disciplines.find(
              (p) => d.standardDisciplineId != null && p.standardDisciplineId === d.standardDisciplineId,
            );
          if (!found) {
            warnings.push(`discipline ${d.abbreviation} is not in the project`);
            return [];
          }
          return [{ disciplineId: found.id, status: d.status, deadline: d.deadline ?? null }];
        })
      : undefined;
    const status0 = disciplineStatusFor(statuses, issueStatus);
    const phase = obra?.creationPhase !== undefined ? obra.creationPhase : stage.value;
    const fields: IssueFieldsInput = {
      title: topic.title.trim(),
      description: topic.description ?? null,
      status: issueStatus,
      priority: obra?.priority ?? priority.value,
      visibility: existingIssueId === undefined ? (obra?.visibility ?? visibility) : undefined,
      category: obra?.category !== undefined ? obra.category : type.value,
      creationPhase: phase,
      resolutionPhase:
        obra?.resolutionPhase !== undefined
          ? obra.resolutionPhase
          : issueStatus === 'active'
            ? null
            : (phase ?? 0),
      deadline: bcfDateOnly(topic.dueDate) ?? null,
      labels: labels.ids,
      disciplines:
        disciplines && disciplines.length > 0
          ? disciplines
          : existingIssueId === undefined
            ? defaults.map((disciplineId) => ({ disciplineId, status: status0 }))
            : undefined,
      bimPins: bimPinsOf(topic),
      mentionedUsers: assignee !== null ? [assignee] : undefined,
      documentsReferences: topic.documentReferences.map((d, index) => ({
        index,
        source: 'bcf',
        id: d.guid ?? null,
        documentId: d.documentGuid ?? null,
        documentName:
          d.description ?? d.url ?? pkg.documents.find((x) => x.guid === d.documentGuid)?.filename ?? null,
        url: d.url ?? null,
      })),
    };
    if (existingIssueId === undefined && (fields.disciplines?.length ?? 0) === 0) {
      fail('ISSUE_MUST_HAVE_DISCIPLINES', 'the project has no discipline to give the topic');
      continue;
    }
    planned.push({ topic, item, fields, existingIssueId, obra, unmappedLabels: labels.unmapped });
  }
  return planned;
}

/** How far an import job got: the package's topics handled (in package order) and their report items. */
export interface BcfImportProgress {
  done: number;
  items: BcfImportItem[];
}

/**
 * An import written in batches (the bcf.import job): each batch of topics is one unit of work, and `onBatch` runs
 * inside it once its topics are written, so the job's progress commits with them (or not at all). `resume`
 * skips the topics an earlier run of the same job wrote, keeping their items.
 */
export interface BcfImportBatches {
  size: number;
  resume?: BcfImportProgress | undefined;
  onStart?: (total: number) => Promise<void>;
  onBatch: (tx: Tx, progress: BcfImportProgress) => Promise<void>;
}

/** A BCF comment's text as an Obra comment: as written, and '-' for an empty one (a comment holding only a viewpoint). */
export function bcfCommentMessage(text: string): string {
  return text.trim() === '' ? '-' : text;
}
