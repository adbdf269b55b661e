import { startOpenAiTestServer } from '../apps/server/test/support/openai-test-server.ts';

/**
 * A scripted OpenAI-compatible model for the browser journeys (started by playwright.config.ts before Obra, which
 * points AI_BASE_URL at it): asked a question, it looks up the active issues whose deadline has passed through the
 * assistant's search tool; given the tool's answer, it streams a list of them, each linked as the assistant must.
 * The server is the one the server tests use (apps/server/test/support/openai-test-server.ts).
 */
const port = Number(process.env.OBRA_E2E_AI_PORT);
if (!port) throw new Error('OBRA_E2E_AI_PORT is required');

const server = await startOpenAiTestServer(port);
server.answer = (request) => {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    return {
      toolCalls: [{ name: 'search_issues', arguments: { filter: 'actives', deadlineBefore: yesterday } }],
    };
  }
  const found = JSON.parse(last.content ?? '{}') as {
    issues?: { code: string; title: string; link: string }[];
  };
  const issues = found.issues ?? [];
  if (issues.length === 0) return { text: ['Nothing ', 'is ', 'late.'] };
  const lines = issues.map((i) => `- [${i.code}](${i.link}) ${i.title}`);
  return { text: ['These ', 'issues ', 'are ', 'late:\n', ...lines.map((l) => `${l}\n`)] };
};
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
