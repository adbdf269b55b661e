// Types of embedded-model-core.mjs (plain JavaScript, run in the embedded model's worker thread).
import type { AiMessage, AiToolCall, AiToolSpec } from './ai-provider.ts';

/** A message of the main thread to the worker. */
export type EmbeddedRequest =
  | { type: 'chat'; id: number; messages: AiMessage[]; tools: AiToolSpec[] }
  | { type: 'embed'; id: number; texts: string[] }
  | { type: 'abort'; id: number };

/** A message of the worker to the main thread. */
export type EmbeddedAnswer =
  | { id: number; kind: 'text'; text: string }
  | { id: number; kind: 'toolCalls'; calls: AiToolCall[] }
  | { id: number; kind: 'end' }
  | { id: number; kind: 'embeddings'; vectors: number[][] }
  | { id: number; kind: 'error'; stage: 'load' | 'run'; message: string };

/** node-llama-cpp's chat history items, as far as this module writes them. */
export type ChatHistoryItem =
  | { type: 'system' | 'user'; text: string }
  | {
      type: 'model';
      response: (string | { type: 'functionCall'; name: string; params: unknown; result?: unknown })[];
    };

/** node-llama-cpp's functions without handlers. */
export type ChatFunctions = Record<string, { description?: string; params?: Record<string, unknown> }>;

/** What the worker needs of a loaded model. */
export interface EmbeddedEngine {
  chat(
    history: ChatHistoryItem[],
    functions: ChatFunctions | undefined,
    options: { signal: AbortSignal; onTextChunk: (text: string) => void },
  ): Promise<{ functionCalls?: { functionName: string; params: unknown }[] | undefined }>;
  embed(texts: string[]): Promise<number[][]>;
}

export function toChatHistory(messages: readonly AiMessage[]): ChatHistoryItem[];
export function toGrammarSchema(schema: unknown): Record<string, unknown>;
export function toFunctions(tools: readonly AiToolSpec[]): ChatFunctions | undefined;
export function toToolCalls(
  requestId: number,
  functionCalls: readonly { functionName: string; params: unknown }[],
): AiToolCall[];
export function createEmbeddedModelHandler(options: {
  loadEngine: () => Promise<EmbeddedEngine>;
  post: (answer: EmbeddedAnswer) => void;
}): { handle(message: EmbeddedRequest): Promise<void> };
