// The embedded model's engine: node-llama-cpp (pinned to 3.21.1) loading GGUF files, run inside the worker thread of
// embedded-model-worker.mjs (docs/ai.md "The embedded model"). Nothing here downloads anything: the prebuilt CPU
// binary of the npm package @node-llama-cpp/linux-x64 (or the platform's) is used, never a build from source
// (`build: 'never'`, `skipDownload`), and no GPU (`gpu: false`; the GPU packages are left out of the install, see
// package.json's overrides).

/**
 * Loads the model of `settings` ({ modelPath, embeddingModelPath, contextTokens, threads }) and returns the engine
 * that embedded-model-core.mjs drives. Throws when the binary, the file or the model cannot be loaded.
 */
export async function loadLlamaEngine(settings) {
  const { getLlama, LlamaChat, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    usePrebuiltBinaries: true,
    progressLogs: false,
    maxThreads: settings.threads,
    logLevel: LlamaLogLevel.error,
  });
  const model = await llama.loadModel({ modelPath: settings.modelPath, gpuLayers: 0 });
  // The window asked for, or less where the memory (or the model's training) allows less.
  const context = await model.createContext({
    contextSize: { max: settings.contextTokens },
    sequences: 1,
    threads: settings.threads,
  });
  const chat = new LlamaChat({ contextSequence: context.getSequence() });
  // An answer is at most a quarter of the window (the rest is the conversation, the prompt and the tools).
  const maxTokens = Math.max(64, Math.floor(context.contextSize / 4));
  let embedding;

  return {
    async chat(history, functions, { signal, onTextChunk }) {
      const result = await chat.generateResponse(history, {
        ...(functions ? { functions } : {}),
        signal,
        stopOnAbortSignal: true,
        maxTokens,
        onTextChunk,
      });
      return { functionCalls: result.functionCalls ?? [] };
    },
    async embed(texts) {
      if (!settings.embeddingModelPath)
        throw new Error('no embedding model is set (AI_EMBEDDING_MODEL_PATH)');
      embedding ??= (async () => {
        const embeddingModel =
          settings.embeddingModelPath === settings.modelPath
            ? model
            : await llama.loadModel({ modelPath: settings.embeddingModelPath, gpuLayers: 0 });
        return embeddingModel.createEmbeddingContext({
          contextSize: { max: Math.min(settings.contextTokens, 8192) },
          threads: settings.threads,
        });
      })().catch((error) => {
        embedding = undefined;
        throw error;
      });
      const embeddingContext = await embedding;
      const vectors = [];
      for (const text of texts) vectors.push([...(await embeddingContext.getEmbeddingFor(text)).vector]);
      return vectors;
    },
  };
}
