import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadDriveAccess } from '../drive/drive-access.ts';
import { aiProviderOf, requireAiUser } from '../ai/ai-provider-choice.ts';
import { chargeTokens, checkBudget, checkModeration, estimateTokens } from '../ai/ai-limits.ts';
import { LANGUAGES } from '../ai/ai-personas.ts';
import type { AiMessage } from '../ai/ai-provider.ts';
import { NO_TEXT } from './smart-docs-index-service.ts';
import { fuseByRank, searchTerms, unitVector } from './smart-docs-passages.ts';
import {
  nearestPassages,
  projectFileSources,
  searchPassages,
  visibleFileIds,
  visibleSources,
  type PassageHit,
  type SmartDocsSourceRow,
} from './smart-docs-repository.ts';

/** Passages found per question (and sent to the model with it). */
export const PASSAGES_PER_QUESTION = 8;
/** Longest question, in characters. */
const MAX_QUESTION_LENGTH = 2000;

/**
 * Where a source stands: `indexed` (searchable), `pending` (its PDF is being prepared or indexed) or `unable` (not
 * a PDF, a PDF that could not be read, or one without text: 'Unable to process your document.').
 */
export type SmartDocsSourceState = 'indexed' | 'pending' | 'unable';

export interface SmartDocsSource extends SmartDocsSourceRow {
  state: SmartDocsSourceState;
}

function stateOf(row: SmartDocsSourceRow): SmartDocsSourceState {
  if (row.extension.toLowerCase() !== 'pdf' || row.processingState === 'failed') return 'unable';
  if (row.indexState === 'indexed') return 'indexed';
  if (row.indexState === 'failed' && row.indexError === NO_TEXT) return 'unable';
  return 'pending';
}

/**
 * The sources of a project the caller may pick: the drive documents they see, each by its newest revision they see,
 * then the project files (every participant sees them), each by its newest version.
 */
export async function smartDocsSources(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<SmartDocsSource[]> {
  requireAiUser(actor);
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, projectId);
  const rows = [
    ...(await visibleSources(db, viewer, projectId)),
    ...(await projectFileSources(db, projectId)),
  ];
  return rows.map((row) => ({ ...row, state: stateOf(row) }));
}

export interface SmartDocsQuestion {
  projectId: number;
  /** Drive revisions and project file versions chosen one by one. */
  fileIds?: readonly number[] | null | undefined;
  /** Disciplines chosen whole (their documents' newest revision the caller sees). */
  disciplineIds?: readonly number[] | null | undefined;
  question: string;
}

/**
 * The passages of the chosen sources that best match the question (no model needed). Refuses a blank question
 * (CONTENT_MUST_BE_NON_EMPTY_STRING), no source (REQUIRED_FIELD) and a chosen revision or project file version the
 * caller may not see, of another project, or that was deleted (DOCUMENT_NOT_FOUND, the same answer for all).
 */
export async function searchSmartDocs(
  services: AppServices,
  actor: Actor,
  input: SmartDocsQuestion,
): Promise<PassageHit[]> {
  requireAiUser(actor);
  const question = input.question.trim();
  if (!question) throw new AppError('CONTENT_MUST_BE_NON_EMPTY_STRING');
  if (question.length > MAX_QUESTION_LENGTH) throw new AppError('CHAT_TOO_LONG');
  const fileIds = [...new Set(input.fileIds ?? [])];
  const disciplineIds = [...new Set(input.disciplineIds ?? [])];
  if (fileIds.length === 0 && disciplineIds.length === 0)
    throw new AppError('REQUIRED_FIELD', { fields: ['sources'] });
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const seen = await visibleFileIds(db, viewer, input.projectId, fileIds);
  if (fileIds.some((id) => !seen.has(id))) throw new AppError('DOCUMENT_NOT_FOUND');
  const scope = { fileIds, disciplineIds };
  const embedding = await questionEmbedding(services, question);
  const byWords = await searchPassages(
    db,
    viewer,
    input.projectId,
    scope,
    searchTerms(question),
    embedding ? CANDIDATES_PER_LIST : PASSAGES_PER_QUESTION,
  );
  if (!embedding) return byWords;
  const byMeaning = await nearestPassages(db, viewer, input.projectId, scope, embedding, CANDIDATES_PER_LIST);
  return fuseByRank([byWords, byMeaning], (p) => p.passageId).slice(0, PASSAGES_PER_QUESTION);
}

/** Candidates taken from each list (words, meaning) before they are merged by rank. */
const CANDIDATES_PER_LIST = 20;

/**
 * The question's embedding (unit length) when an embedding model is configured, else null; an endpoint that fails
 * is logged and the search goes on by words alone (retrieval never needs the model).
 */
async function questionEmbedding(services: AppServices, question: string): Promise<number[] | null> {
  const provider = aiProviderOf(services);
  if (!provider || !services.config.ai.provider?.embeddingModel) return null;
  try {
    const [vector] = await provider.embed([question], AbortSignal.timeout(services.config.ai.timeoutMs));
    return vector ? unitVector(vector) : null;
  } catch (error) {
    services.logger.warn({ err: error }, 'Smart Docs question embedding failed; searching by words');
    return null;
  }
}

/** What smartDocsAnswer streams: the passages found, then the answer's pieces, then done or an error. */
export type SmartDocsAnswerEvent =
  | { kind: 'passages'; passages: PassageHit[] }
  | { kind: 'token'; text: string }
  | { kind: 'done'; text: string }
  | { kind: 'error'; code: 'AI_TROUBLE_RESPONDING' | 'AI_NOT_CONFIGURED' };

/** The model's instructions: answer from the numbered passages only, and cite them. */
export function smartDocsPrompt(
  actor: Actor,
  question: string,
  passages: readonly PassageHit[],
): AiMessage[] {
  const language = LANGUAGES[actor.account.localeId ?? 'en'] ?? 'English';
  const quoted = passages
    .map(
      (p, i) =>
        `[${i + 1}] ${p.documentName}, ${p.area === 'files' ? 'project file version' : 'revision'} ${p.revisionName}, page ${p.pageNumber}:\n${p.text.replace(/\s+/g, ' ')}`,
    )
    .join('\n\n');
  return [
    {
      role: 'system',
      content: [
        "You answer questions about construction project documents for Obra's Smart Docs.",
        'Answer only from the numbered passages below; cite each passage you use as [n]. If they do not answer the question, say so.',
        `Answer in ${language} unless the user writes in another language.`,
        '',
        quoted || '(no passage was found)',
      ].join('\n'),
    },
    { role: 'user', content: question },
  ];
}

/**
 * Retrieves the passages (as searchSmartDocs), streams them first, then the model's answer from them token by
 * token. Without a model it ends after the passages with AI_NOT_CONFIGURED (the page says that answers need a
 * model). A provider error or time-out ends with AI_TROUBLE_RESPONDING; the question stays in the page.
 */
export async function* streamSmartDocsAnswer(
  services: AppServices,
  actor: Actor,
  input: SmartDocsQuestion,
  signal: AbortSignal,
): AsyncGenerator<SmartDocsAnswerEvent> {
  const passages = await searchSmartDocs(services, actor, input);
  const provider = aiProviderOf(services);
  if (provider) {
    await checkBudget(services, actor);
    await checkModeration(services, provider, input.question);
  }
  yield { kind: 'passages', passages };
  if (!provider) {
    yield { kind: 'error', code: 'AI_NOT_CONFIGURED' };
    return;
  }
  const messages = smartDocsPrompt(actor, input.question.trim(), passages);
  let text = '';
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), services.config.ai.timeoutMs);
  try {
    for await (const delta of provider.streamChat(messages, [], AbortSignal.any([signal, idle.signal]))) {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), services.config.ai.timeoutMs);
      if (delta.kind === 'text') {
        text += delta.text;
        yield { kind: 'token', text: delta.text };
      }
    }
    if (signal.aborted) return;
    if (idle.signal.aborted) throw new Error('the model timed out');
  } catch (error) {
    if (signal.aborted) return;
    services.logger.warn({ err: error }, 'AI provider failed (Smart Docs)');
    yield { kind: 'error', code: 'AI_TROUBLE_RESPONDING' };
    return;
  } finally {
    clearTimeout(timer);
    await chargeTokens(services, actor, estimateTokens(JSON.stringify(messages)) + estimateTokens(text));
  }
  yield { kind: 'done', text };
}
