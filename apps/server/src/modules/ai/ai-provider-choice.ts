import { AppError } from '@obra/domain';
import type { AiConfig } from '../../config.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { openAiCompatibleProvider, type AiProvider } from './ai-provider.ts';
import { embeddedModelProvider } from './embedded-model-provider.ts';

/**
 * The provider of the configuration, or undefined when no model is configured: the embedded model (AI_MODEL_PATH)
 * or an OpenAI-compatible endpoint (AI_MODEL); config.ts refuses both at once.
 */
export function createAiProvider(config: AiConfig): AiProvider | undefined {
  if (!config.provider) return undefined;
  if (config.provider.kind === 'embedded')
    return embeddedModelProvider(config.provider, config.contextTokens);
  return openAiCompatibleProvider(config.provider, config.timeoutMs);
}

const providers = new WeakMap<AppServices['config'], AiProvider | undefined>();

/** The configured provider of this process (created once), or undefined when no model is configured. */
export function aiProviderOf(services: AppServices): AiProvider | undefined {
  if (!providers.has(services.config)) providers.set(services.config, createAiProvider(services.config.ai));
  return providers.get(services.config);
}

/**
 * The gate of every AI feature (the assistant, Smart Docs, the text helper): the user's flag (hasAiAssistant, set by
 * their company admin), a complete profile and the accepted disclaimer. Needs no model.
 */
export function requireAiUser(actor: Actor): void {
  const { account } = actor;
  if (!account.hasAiAssistant || !account.confirmedRegister) throw new AppError('FORBIDDEN');
  if (!account.aiDisclaimerAccepted) throw new AppError('AI_DISCLAIMER_NOT_ACCEPTED');
}

/**
 * The assistant's gate: the user's flag (hasAiAssistant, set by their company admin), a complete profile and the
 * accepted disclaimer; AI_NOT_CONFIGURED when no model is configured.
 */
export function requireAssistant(services: AppServices, actor: Actor): AiProvider {
  requireAiUser(actor);
  const provider = aiProviderOf(services);
  if (!provider) throw new AppError('AI_NOT_CONFIGURED');
  return provider;
}
