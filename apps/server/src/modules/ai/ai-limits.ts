import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AiProvider } from './ai-provider.ts';
import { addCompanyTokens, companyTokens, monthOf } from './ai-usage-repository.ts';

/**
 * A rough token count: 4 characters a token (what OpenAI's tokenizers average on English; Portuguese and Spanish
 * run a little longer, so the count errs on the safe side for the window). No tokenizer is loaded: the model may
 * be any model.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Refuses a message the endpoint's moderation flags (MESSAGE_NOT_COMPLIANT), when AI_MODERATION is on. A moderation
 * endpoint that fails is the provider failing: AI_TROUBLE_RESPONDING, with the user's text kept by the page.
 */
export async function checkModeration(
  services: AppServices,
  provider: AiProvider,
  text: string,
): Promise<void> {
  if (!services.config.ai.moderation) return;
  let flagged: boolean;
  try {
    flagged = await provider.moderate(text, AbortSignal.timeout(services.config.ai.timeoutMs));
  } catch (error) {
    services.logger.warn({ err: error }, 'AI moderation failed');
    throw new AppError('AI_TROUBLE_RESPONDING');
  }
  if (flagged) throw new AppError('MESSAGE_NOT_COMPLIANT');
}

/** The caller's company's use of the month and its allowance (0: none), for the budget and the admins' page. */
export async function companyUsage(
  services: AppServices,
  companyId: number,
): Promise<{ month: string; tokens: number; limit: number }> {
  const month = monthOf(new Date());
  return {
    month,
    tokens: await companyTokens(services.database.db, companyId, month),
    limit: services.config.ai.companyMonthlyTokens,
  };
}

/** Refuses a question once the caller's company used its monthly allowance (AI_TOKEN_BUDGET_EXCEEDED). */
export async function checkBudget(services: AppServices, actor: Actor): Promise<void> {
  const companyId = actor.account.companyId;
  if (!services.config.ai.companyMonthlyTokens || companyId === null) return;
  const usage = await companyUsage(services, companyId);
  if (usage.tokens >= usage.limit) throw new AppError('AI_TOKEN_BUDGET_EXCEEDED');
}

/** Counts what a model turn sent and received against the caller's company's month. */
export async function chargeTokens(services: AppServices, actor: Actor, tokens: number): Promise<void> {
  const companyId = actor.account.companyId;
  if (companyId === null || tokens <= 0) return;
  await addCompanyTokens(services.database.db, companyId, monthOf(new Date()), tokens);
}

/** The month's AI use of the caller's company, for its admins (FORBIDDEN for anyone else). */
export async function aiCompanyUsage(
  services: AppServices,
  actor: Actor,
): Promise<{ month: string; tokens: number; limit: number }> {
  const companyId = actor.account.companyId;
  if (companyId === null || actor.account.companyRole !== 'admin') throw new AppError('FORBIDDEN');
  return companyUsage(services, companyId);
}

/**
 * The gate every call to the model passes after its own checks, in this order: the user's rate
 * (AI_MESSAGES_PER_MINUTE, TOO_MANY_REQUESTS), the company's monthly budget, then moderation. One place, used by the
 * chat, the text helper and the smart flow's drafting.
 */
export async function admitAiCall(
  services: AppServices,
  actor: Actor,
  provider: AiProvider,
  text: string,
): Promise<void> {
  const decision = await services.auth.rateLimiter.hit(
    `ai:user:${actor.account.id}`,
    services.config.ai.messagesPerMinute,
    60,
  );
  if (!decision.allowed)
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: decision.retryAfterSeconds });
  await checkBudget(services, actor);
  await checkModeration(services, provider, text);
}
