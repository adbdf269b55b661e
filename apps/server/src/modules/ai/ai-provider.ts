import OpenAI from 'openai';
import type { AiEndpointSettings } from '../../config.ts';

/** A message of the model's conversation, in the chat-completions shape every provider here speaks. */
export type AiMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: AiToolCall[] | undefined }
  | { role: 'tool'; content: string; toolCallId: string };

/** A function the model may call, with its JSON Schema parameters. */
export interface AiToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for; `arguments` is the JSON text it wrote. */
export interface AiToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What a streamed answer yields: pieces of text as they come, then the tool calls of the turn, if any. */
export type AiDelta = { kind: 'text'; text: string } | { kind: 'toolCalls'; calls: AiToolCall[] };

/**
 * One interface over the models Obra can use: any OpenAI-compatible endpoint (hosted or self-hosted), or the embedded
 * model, a GGUF file run by node-llama-cpp in a worker thread (embedded-model-provider.ts; docs/ai.md). The one
 * of the configuration: createAiProvider (ai-provider-choice.ts).
 */
export interface AiProvider {
  readonly model: string;
  /** Streams one model turn; aborting `signal` stops the request. */
  streamChat(
    messages: readonly AiMessage[],
    tools: readonly AiToolSpec[],
    signal: AbortSignal,
  ): AsyncIterable<AiDelta>;
  /** Embeddings of texts (AI_EMBEDDING_MODEL); throws when none is configured. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
  /** Whether the endpoint's moderation (`/moderations`) flags the text. */
  moderate(text: string, signal?: AbortSignal): Promise<boolean>;
}

function toOpenAi(message: AiMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', content: message.content, tool_call_id: message.toolCallId };
    case 'assistant':
      return message.toolCalls && message.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: message.content || null,
            tool_calls: message.toolCalls.map((c) => ({
              id: c.id,
              type: 'function' as const,
              function: { name: c.name, arguments: c.arguments },
            })),
          }
        : { role: 'assistant', content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
}

/** An OpenAI-compatible endpoint through the `openai` client (no retries: the user retries, with their text kept). */
export function openAiCompatibleProvider(settings: AiEndpointSettings, timeoutMs: number): AiProvider {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // Self-hosted servers often need no key; the client insists on one.
    apiKey: settings.apiKey ?? 'none',
    timeout: timeoutMs,
    maxRetries: 0,
  });
  return {
    model: settings.model,
    async *streamChat(messages, tools, signal) {
      const stream = await client.chat.completions.create(
        {
          model: settings.model,
          messages: messages.map(toOpenAi),
          stream: true,
          ...(tools.length > 0
            ? {
                tools: tools.map((t) => ({
                  type: 'function' as const,
                  function: { name: t.name, description: t.description, parameters: t.parameters },
                })),
              }
            : {}),
        },
        { signal },
      );
      // Tool calls arrive in pieces keyed by index: the id and name first, the arguments' text in parts.
      const calls = new Map<number, AiToolCall>();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) yield { kind: 'text', text: delta.content };
        for (const part of delta.tool_calls ?? []) {
          const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' };
          if (part.id) call.id = part.id;
          if (part.function?.name) call.name += part.function.name;
          if (part.function?.arguments) call.arguments += part.function.arguments;
          calls.set(part.index, call);
        }
      }
      if (calls.size > 0)
        yield {
          kind: 'toolCalls',
          calls: [...calls.entries()]
            .sort(([a], [b]) => a - b)
            .map(([i, c]) => ({ ...c, id: c.id || `call_${i}` })),
        };
    },
    async embed(texts, signal) {
      if (!settings.embeddingModel) throw new Error('AI_EMBEDDING_MODEL is not set');
      const answer = await client.embeddings.create(
        // Floats asked for explicitly: the client's default (base64) is not spoken by every compatible server.
        { model: settings.embeddingModel, input: [...texts], encoding_format: 'float' },
        signal ? { signal } : {},
      );
      return [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
    async moderate(text, signal) {
      const answer = await client.moderations.create({ input: text }, signal ? { signal } : {});
      return answer.results.some((r) => r.flagged);
    },
  };
}
