import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { requireAssistant } from './ai-provider-choice.ts';
import { admitAiCall, chargeTokens, estimateTokens } from './ai-limits.ts';
import { LANGUAGES } from './ai-personas.ts';
import type { AiMessage } from './ai-provider.ts';

/** What the text helper improves: an issue's description or a comment. */
export const IMPROVE_TEXT_KINDS = ['issueDescription', 'comment'] as const;
export type ImproveTextKind = (typeof IMPROVE_TEXT_KINDS)[number];

/** Longest text the helper takes (an issue description's limit). */
const MAX_TEXT_LENGTH = 8000;

/** The helper's instructions: clearer and complete (what, where, who, by when), nothing invented. */
export function improveTextPrompt(actor: Actor, kind: ImproveTextKind, text: string): AiMessage[] {
  const language = LANGUAGES[actor.account.localeId ?? 'en'] ?? 'English';
  const what =
    kind === 'comment' ? 'a comment on a construction issue' : "a construction issue's description";
  return [
    {
      role: 'system',
      content: [
        `You rewrite ${what} so that it is clear and complete for the people who must act on it.`,
        'Say what is wrong or needed, where (building, level, room, axis, element), who should act, and by when.',
        'Keep every fact of the original; never invent names, places, dates or numbers. Where one of what, where, who or by when is missing, write a short bracketed placeholder for the author to fill, such as [who?] or [by when?].',
        'Keep it short and plain: a few sentences or a short list. Keep @mentions and issue codes as they are.',
        `Write in ${language}. Answer with the improved text only, without any preface.`,
      ].join('\n'),
    },
    { role: 'user', content: text },
  ];
}

/**
 * "Improve text" (issue 31 item 5): the model's clearer, complete version of the user's text, in their language,
 * returned for the page to show as a change the user accepts, edits or rejects (nothing is saved here). The
 * assistant's gate, moderation, rate and monthly budget apply; a provider error or time-out is
 * AI_TROUBLE_RESPONDING (the user's text is untouched).
 */
export async function improveText(
  services: AppServices,
  actor: Actor,
  input: { kind: string; text: string },
): Promise<string> {
  const provider = requireAssistant(services, actor);
  const text = input.text.trim();
  if (!text) throw new AppError('CONTENT_MUST_BE_NON_EMPTY_STRING');
  if (text.length > MAX_TEXT_LENGTH) throw new AppError('CHAT_TOO_LONG');
  if (!(IMPROVE_TEXT_KINDS as readonly string[]).includes(input.kind))
    throw new AppError('BAD_USER_INPUT', { field: 'kind' });
  await admitAiCall(services, actor, provider, text);
  const messages = improveTextPrompt(actor, input.kind as ImproveTextKind, text);
  let improved = '';
  try {
    const signal = AbortSignal.timeout(services.config.ai.timeoutMs);
    for await (const delta of provider.streamChat(messages, [], signal)) {
      if (delta.kind === 'text') improved += delta.text;
    }
    if (signal.aborted) throw new Error('the model timed out');
  } catch (error) {
    services.logger.warn({ err: error }, 'AI provider failed (text helper)');
    throw new AppError('AI_TROUBLE_RESPONDING');
  } finally {
    await chargeTokens(services, actor, estimateTokens(JSON.stringify(messages)) + estimateTokens(improved));
  }
  const clean = improved.trim();
  if (!clean) throw new AppError('AI_TROUBLE_RESPONDING');
  return clean;
}
