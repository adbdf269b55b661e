import { IssueListEngine } from './issue-list-engine.ts';
import type { EngineRequest, EngineResponse } from './engine-protocol.ts';

// Sorting and filtering 20,000 issues takes longer than a frame; here it never blocks the page.
let engine = new IssueListEngine();
// The web's program uses the DOM lib; a worker's global needs only these two members.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
  postMessage(message: EngineResponse): void;
};

scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  const message = event.data;
  switch (message.type) {
    case 'upsert':
      engine.upsert(message.issues);
      break;
    case 'remove':
      engine.remove(message.ids);
      break;
    case 'reset':
      engine = new IssueListEngine();
      break;
    case 'query': {
      const response: EngineResponse = {
        type: 'result',
        seq: message.seq,
        result: engine.query(message.query),
      };
      scope.postMessage(response);
      break;
    }
  }
};
