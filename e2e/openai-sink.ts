import { startOpenAiTestServer } from '../apps/server/test/support/openai-test-server.ts';

/**
 * A scripted OpenAI-compatible model for the browser journeys (started by playwright.config.ts before Obra, which
 * points AI_BASE_URL at it): asked a question, it looks up the active issues whose deadline has passed through the
 * assistant's search tool; given the tool's answer, it streams a list of them, each linked as the assistant must.
 * Asked to "Draft a comment", it drafts one on the first issue it found, through the draft_comment tool; asked to
 * "Draft an issue", it drafts one in that issue's project and discipline, through draft_issue. Smart Docs'
 * questions are answered from the first passage given, and the text helper returns a fixed complete version. A smart
 * flow description becomes a weekly rule on the first project the prompt lists.
 * The server is the one the server tests use (apps/server/test/support/openai-test-server.ts).
 */
const port = Number(process.env.OBRA_E2E_AI_PORT);
if (!port) throw new Error('OBRA_E2E_AI_PORT is required');

const server = await startOpenAiTestServer(port);
server.answer = (request) => {
  const system = request.messages[0]?.content ?? '';
  // Smart Docs: the answer cites the first passage it was given.
  if (system.includes("Obra's Smart Docs")) {
    const cited = /\[1\] [^\n]*\n([^\n]*)/.exec(system)?.[1] ?? '';
    return cited.includes('90 minutes')
      ? { text: ['The stair doors need ', 'a fire rating of 90 minutes [1].'] }
      : { text: ['The passages do not say.'] };
  }
  // The text helper: a complete version, with what is missing left for the author.
  if (system.startsWith('You rewrite'))
    return {
      text: [
        'What: the stair door has no fire-rating label. ',
        'Where: [where?]. Who: [who?]. By when: [by when?]',
      ],
    };
  // Smart flow: the words become a weekly rule on the first listed project, e-mailing its open issues.
  if (system.startsWith('You turn a construction coordinator')) {
    const projectId = Number(/- project (\d+) /.exec(system)?.[1] ?? 0);
    return {
      toolCalls: [
        {
          name: 'propose_rule',
          arguments: {
            projectId,
            name: 'Monday open issues',
            trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8 },
            condition: { filter: 'actives', disciplineIds: [] },
            action: { kind: 'email' },
          },
        },
      ],
    };
  }
  const last = request.messages.at(-1);
  const question = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const found = (content: string | null | undefined) =>
    (
      JSON.parse(content ?? '{}') as {
        issues?: {
          id: number;
          projectId: number;
          code: string;
          title: string;
          link: string;
          disciplines: string[];
        }[];
      }
    ).issues ?? [];
  if (last?.role !== 'tool') {
    if (question.startsWith('Draft a comment')) {
      // On the first issue of the conversation's last search.
      const searched = [...request.messages]
        .reverse()
        .find((m) => m.role === 'tool' && m.content?.includes('"issues"'));
      const issue = found(searched?.content)[0];
      if (!issue) return { text: ['Ask ', 'me ', 'what ', 'is ', 'late ', 'first.'] };
      const message = 'Please send the shoring plan for this slab.';
      return {
        toolCalls: [
          { name: 'draft_comment', arguments: { projectId: issue.projectId, issueId: issue.id, message } },
        ],
      };
    }
    if (question.startsWith('Draft an issue')) {
      // In the project and discipline of the first issue of the conversation's last search.
      const searched = [...request.messages]
        .reverse()
        .find((m) => m.role === 'tool' && m.content?.includes('"issues"'));
      const issue = found(searched?.content)[0];
      if (!issue) return { text: ['Ask ', 'me ', 'what ', 'is ', 'late ', 'first.'] };
      return {
        toolCalls: [
          {
            name: 'draft_issue',
            arguments: {
              projectId: issue.projectId,
              title: 'Shoring missing on level 3',
              description:
                'The slab of level 3 has no shoring. Who: the structure contractor. By when: Friday.',
              disciplines: [{ discipline: issue.disciplines[0] ?? '' }],
              priority: 'high',
            },
          },
        ],
      };
    }
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    return {
      toolCalls: [{ name: 'search_issues', arguments: { filter: 'actives', deadlineBefore: yesterday } }],
    };
  }
  if (last.content?.includes('"created":false'))
    return { text: ['I ', 'drafted ', 'an ', 'issue ', 'for ', 'you ', 'to ', 'confirm.'] };
  if (last.content?.includes('"draft"'))
    return { text: ['I ', 'drafted ', 'a ', 'comment ', 'for ', 'you ', 'to ', 'confirm.'] };
  const issues = found(last.content);
  if (issues.length === 0) return { text: ['Nothing ', 'is ', 'late.'] };
  const lines = issues.map((i) => `- [${i.code}](${i.link}) ${i.title}`);
  return { text: ['These ', 'issues ', 'are ', 'late:\n', ...lines.map((l) => `${l}\n`)] };
};
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
