// The embedded model's worker protocol (docs/ai.md "The embedded model"), apart from node-llama-cpp so that it can be
// tested with a fake engine: embedded-model-worker.mjs wires it to the worker thread's port and the real engine
// (embedded-model-engine.mjs). Plain JavaScript like the server's other out-of-thread scripts (no TypeScript loader
// in a worker thread or the compiled server); its types are in embedded-model-core.d.mts.
//
// In (from embedded-model-provider.ts):
//   { type: 'chat', id, messages: AiMessage[], tools: AiToolSpec[] }   one model turn
//   { type: 'embed', id, texts: string[] }                               embeddings
//   { type: 'abort', id }                                                stop that request (running or waiting)
// Out, for each request: { id, kind: 'text', text } pieces and one { id, kind: 'toolCalls', calls } then
//   { id, kind: 'end' }; or { id, kind: 'embeddings', vectors }; or { id, kind: 'error', stage, message } where stage
//   is 'load' (the model could not be loaded: missing file, not a model, no binary) or 'run'.
//
// The model is loaded on the first request and once (a failed load is tried again by the next request, so that a
// file put right is taken without a restart). Requests run one at a time, in order: one context sequence, and the
// CPU threads the operator gave it, whatever the number of people asking.

/**
 * The conversation in node-llama-cpp's chat history shape: system and user items, and one model item per answer
 * holding its text and its function calls with their results (the tool messages that follow, matched by call id).
 * The history always ends with a model item, which the model continues.
 */
export function toChatHistory(messages) {
  const history = [];
  const callsById = new Map();
  let previous;
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'user') {
      history.push({ type: message.role, text: message.content });
    } else if (message.role === 'assistant') {
      // An answer that went on after its tools is one model response: the text, the calls, then what followed.
      let item = history.at(-1);
      if (item?.type !== 'model' || previous === 'assistant-done') {
        item = { type: 'model', response: [] };
        history.push(item);
      }
      if (message.content) item.response.push(message.content);
      for (const call of message.toolCalls ?? []) {
        const functionCall = { type: 'functionCall', name: call.name, params: parseJson(call.arguments, {}) };
        callsById.set(call.id, functionCall);
        item.response.push(functionCall);
      }
      previous = (message.toolCalls ?? []).length > 0 ? 'assistant-tools' : 'assistant-done';
      continue;
    } else if (message.role === 'tool') {
      const functionCall = callsById.get(message.toolCallId);
      if (functionCall) functionCall.result = parseJson(message.content, message.content);
    }
    previous = message.role;
  }
  for (const functionCall of callsById.values())
    if (!('result' in functionCall)) functionCall.result = { error: 'no result' };
  const last = history.at(-1);
  if (last?.type !== 'model' || previous === 'assistant-done') history.push({ type: 'model', response: [] });
  return history;
}

function parseJson(text, fallback) {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

const FORMATS = new Set(['date-time', 'time', 'date']);

/**
 * A JSON Schema in the subset node-llama-cpp turns into a grammar (GbnfJsonSchema): what it cannot express (bounds,
 * patterns) is left out, so the model is constrained to the shape and the tool checks the rest, as with an endpoint.
 */
export function toGrammarSchema(schema) {
  if (!schema || typeof schema !== 'object') return { type: 'string' };
  const out = {};
  if (typeof schema.description === 'string') out.description = schema.description;
  if ('const' in schema) return { ...out, const: schema.const };
  if (Array.isArray(schema.enum)) return { ...out, enum: schema.enum };
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices)) return { ...out, oneOf: choices.map(toGrammarSchema) };
  const type = schema.type;
  if (type === 'object' || (type === undefined && schema.properties)) {
    const properties = {};
    for (const [key, value] of Object.entries(schema.properties ?? {}))
      properties[key] = toGrammarSchema(value);
    out.type = 'object';
    out.properties = properties;
    if (Array.isArray(schema.required))
      out.required = schema.required.filter((key) => Object.hasOwn(properties, key));
    if (typeof schema.additionalProperties === 'boolean')
      out.additionalProperties = schema.additionalProperties;
    return out;
  }
  if (type === 'array') {
    out.type = 'array';
    if (schema.items) out.items = toGrammarSchema(schema.items);
    for (const key of ['minItems', 'maxItems']) if (Number.isInteger(schema[key])) out[key] = schema[key];
    return out;
  }
  if (type === 'string') {
    out.type = 'string';
    if (FORMATS.has(schema.format)) out.format = schema.format;
    else
      for (const key of ['minLength', 'maxLength']) if (Number.isInteger(schema[key])) out[key] = schema[key];
    return out;
  }
  const basic = ['string', 'number', 'integer', 'boolean', 'null'];
  if (typeof type === 'string' && basic.includes(type)) return { ...out, type };
  if (Array.isArray(type) && type.every((t) => basic.includes(t))) return { ...out, type };
  return { ...out, type: 'string' };
}

/** The tools as node-llama-cpp's functions (no handlers: the calls come back to the caller, which runs them). */
export function toFunctions(tools) {
  if (tools.length === 0) return undefined;
  const functions = {};
  for (const tool of tools) {
    const params = toGrammarSchema(tool.parameters);
    const empty = params.type === 'object' && Object.keys(params.properties ?? {}).length === 0;
    functions[tool.name] = { description: tool.description, ...(empty ? {} : { params }) };
  }
  return functions;
}

/** node-llama-cpp's function calls in the shape the OpenAI-compatible provider yields (ids made here). */
export function toToolCalls(requestId, functionCalls) {
  return functionCalls.map((call, index) => ({
    id: `call_${requestId}_${index}`,
    name: call.functionName,
    arguments: JSON.stringify(call.params ?? {}),
  }));
}

/**
 * The worker's message handler. `loadEngine` loads the model (node-llama-cpp in the worker; a fake in tests) and
 * returns { chat(history, functions, { onTextChunk, signal }) → { functionCalls }, embed(texts) → vectors };
 * `post` sends an answer to the main thread.
 */
export function createEmbeddedModelHandler({ loadEngine, post }) {
  let engine;
  /** Requests waiting or running, by id: their abort controllers. */
  const requests = new Map();
  let queue = Promise.resolve();

  async function loaded() {
    engine ??= loadEngine().catch((error) => {
      engine = undefined;
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { stage: 'load' });
    });
    return engine;
  }

  async function run(message, signal) {
    const id = message.id;
    if (signal.aborted) return post({ id, kind: 'end' });
    const model = await loaded();
    if (signal.aborted) return post({ id, kind: 'end' });
    if (message.type === 'embed') {
      const vectors = await model.embed(message.texts);
      return post({ id, kind: 'embeddings', vectors });
    }
    const result = await model.chat(toChatHistory(message.messages), toFunctions(message.tools), {
      signal,
      onTextChunk: (text) => {
        if (text && !signal.aborted) post({ id, kind: 'text', text });
      },
    });
    const calls = signal.aborted ? [] : toToolCalls(id, result.functionCalls ?? []);
    if (calls.length > 0) post({ id, kind: 'toolCalls', calls });
    post({ id, kind: 'end' });
  }

  return {
    /** Handles one message of the main thread; resolves when a request it queued has been answered. */
    handle(message) {
      if (message.type === 'abort') {
        requests.get(message.id)?.abort();
        return Promise.resolve();
      }
      const controller = new AbortController();
      requests.set(message.id, controller);
      const done = queue.then(async () => {
        try {
          await run(message, controller.signal);
        } catch (error) {
          if (controller.signal.aborted) post({ id: message.id, kind: 'end' });
          else
            post({
              id: message.id,
              kind: 'error',
              stage: error?.stage === 'load' ? 'load' : 'run',
              message: error instanceof Error ? error.message : String(error),
            });
        } finally {
          requests.delete(message.id);
        }
      });
      queue = done;
      return done;
    },
  };
}
