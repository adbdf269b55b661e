import type { AiConfig } from '../../config.ts';
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
