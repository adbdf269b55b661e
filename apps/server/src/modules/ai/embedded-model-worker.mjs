// The embedded model's worker thread (docs/ai.md "The embedded model"), started by embedded-model-provider.ts on the
// first question: the model's loading and every token of its inference happen here, so the server's event loop never
// waits on them. The protocol is embedded-model-core.mjs's; workerData holds the settings
// ({ modelPath, embeddingModelPath, contextTokens, threads }).
import { parentPort, workerData } from 'node:worker_threads';
import { createEmbeddedModelHandler } from './embedded-model-core.mjs';
import { loadLlamaEngine } from './embedded-model-engine.mjs';

const handler = createEmbeddedModelHandler({
  loadEngine: () => loadLlamaEngine(workerData),
  post: (answer) => parentPort.postMessage(answer),
});
parentPort.on('message', (message) => void handler.handle(message));
