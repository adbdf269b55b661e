import { AppError, isErrorCode, SMART_FLOW_DIGEST_MAX, type ErrorCode } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { aiProviderOf, requireAiUser } from '../ai/ai-provider-choice.ts';
import { chargeTokens, checkBudget, estimateTokens } from '../ai/ai-limits.ts';
import { LANGUAGES } from '../ai/ai-personas.ts';
import type { AiMessage } from '../ai/ai-provider.ts';

/** What a digest's run asks the model about: the rule, its project and the lines its e-mail lists. */
export interface DigestInput {
  rule: string;
  project: string;
  /** How many issues the run found (the lines may be fewer: the e-mail lists at most SMART_FLOW_EMAIL_ISSUES). */
  count: number;
  /** The e-mail's own lines, without their links: code, title, deadline. */
  lines: readonly string[];
}

/** The model's summary, or why the e-mail goes without one (a catalogue code the run records). */
export type DigestSummary = { summary: string; omitted: null } | { summary: null; omitted: ErrorCode };

/** The model's instructions: a short summary of the listed issues, in the owner's language, inventing nothing. */
export function digestPrompt(actor: Actor, input: DigestInput, today: string): AiMessage[] {
  const language = LANGUAGES[actor.account.localeId ?? 'en'] ?? 'English';
  return [
    {
      role: 'system',
      content: [
        "You write the digest at the top of an e-mail that Obra's smart flow sends a construction coordinator.",
        `Summarise the issues listed by the user in at most 5 short sentences, in ${language}, as plain text without Markdown: what stands out (late ones, by deadline, recurring subjects), and what to look at first.`,
        'Use only the listed issues; never invent issues, people, numbers or dates. Name issues by their code. The full list follows your summary in the e-mail, so do not repeat it.',
        `Today is ${today}.`,
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        `Rule "${input.rule}" in project "${input.project}" found ${input.count} issue(s)${
          input.count > input.lines.length ? ` (the first ${input.lines.length} are listed)` : ''
        }:`,
        ...input.lines,
      ].join('\n'),
    },
  ];
}

/** A summary cut to SMART_FLOW_DIGEST_MAX characters, at a word end. */
function bounded(text: string): string {
  if (text.length <= SMART_FLOW_DIGEST_MAX) return text;
  const cut = text.slice(0, SMART_FLOW_DIGEST_MAX);
  const end = cut.lastIndexOf(' ');
  return `${(end > SMART_FLOW_DIGEST_MAX / 2 ? cut.slice(0, end) : cut).trimEnd()}…`;
}

/** The code a failed gate is recorded with: a person whose assistant is off (or whose profile is incomplete). */
function gateCode(error: unknown): ErrorCode {
  if (!(error instanceof AppError) || !isErrorCode(error.code)) throw error;
  return error.code === 'FORBIDDEN' ? 'AI_ASSISTANT_OFF' : error.code;
}

/**
 * A smart flow digest's summary (issue 31 item 6, "write a digest"; docs/smart-flow.md): written by the assistant's
 * model from the lines the run's e-mail lists — the issues the run read as its owner, nothing else — in the owner's
 * language. It needs a model and the owner still passing the assistant's gate at the run (their assistant on, a
 * complete profile, the disclaimer accepted) and their company's monthly budget; the tokens count against that
 * budget like every AI call. Otherwise, and when the model fails or times out, there is no summary and the reason
 * is answered (AI_NOT_CONFIGURED, AI_ASSISTANT_OFF, AI_DISCLAIMER_NOT_ACCEPTED, AI_TOKEN_BUDGET_EXCEEDED,
 * AI_TROUBLE_RESPONDING): the run e-mails the list alone and records it. Called before the run's transaction, so a
 * slow model holds no lock.
 */
export async function writeDigest(
  services: AppServices,
  actor: Actor,
  input: DigestInput,
): Promise<DigestSummary> {
  const provider = aiProviderOf(services);
  if (!provider) return { summary: null, omitted: 'AI_NOT_CONFIGURED' };
  try {
    requireAiUser(actor);
    await checkBudget(services, actor);
  } catch (error) {
    return { summary: null, omitted: gateCode(error) };
  }
  const messages = digestPrompt(actor, input, new Date().toISOString().slice(0, 10));
  let text = '';
  try {
    const signal = AbortSignal.timeout(services.config.ai.timeoutMs);
    for await (const delta of provider.streamChat(messages, [], signal)) {
      if (delta.kind === 'text') text += delta.text;
    }
    if (signal.aborted) throw new Error('the model timed out');
  } catch (error) {
    services.logger.warn({ err: error }, 'AI provider failed (smart flow digest)');
    return { summary: null, omitted: 'AI_TROUBLE_RESPONDING' };
  } finally {
    await chargeTokens(services, actor, estimateTokens(JSON.stringify(messages)) + estimateTokens(text));
  }
  const clean = text.trim();
  if (!clean) return { summary: null, omitted: 'AI_TROUBLE_RESPONDING' };
  return { summary: bounded(clean), omitted: null };
}
