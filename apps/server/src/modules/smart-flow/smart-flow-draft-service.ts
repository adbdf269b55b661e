import {
  AppError,
  isTimeZone,
  SMART_FLOW_ACTIONS,
  SMART_FLOW_ASSIGN_STATUSES,
  SMART_FLOW_DESCRIPTION_MAX,
  SMART_FLOW_FILTERS,
  SMART_FLOW_TRIGGERS,
  smartFlowRuleSchema,
  type SmartFlowRuleInput,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { requireAssistant } from '../ai/ai-provider-choice.ts';
import { admitAiCall, chargeTokens, estimateTokens } from '../ai/ai-limits.ts';
import type { AiMessage, AiToolCall, AiToolSpec } from '../ai/ai-provider.ts';
import { workspaceProjects } from '../projects/project-query-service.ts';
import { listDisciplines } from '../projects/project-settings-repository.ts';

/** Projects (with their disciplines) the model is told about. */
const PROJECTS_IN_PROMPT = 20;

/** The one tool of the drafting turn: the rule, in the domain's shape (the zone is added from the browser). */
export const PROPOSE_RULE_TOOL: AiToolSpec = {
  name: 'propose_rule',
  description: 'Proposes the smart flow rule the user described, for the user to review and confirm.',
  parameters: {
    type: 'object',
    properties: {
      projectId: { type: 'integer', description: 'One of the listed projects.' },
      name: { type: 'string', description: 'A short name for the rule, in the user’s language.' },
      trigger: {
        type: 'object',
        description:
          'schedule: daily or weekly (weekday 0 Sunday … 6 Saturday) at an hour 0–23; issueCreated: whenever an issue is created; issueChanged: whenever an issue is changed (fields, status, disciplines); deadlinePassed: once a day at an hour, the issues whose deadline has just passed.',
        properties: {
          kind: { type: 'string', enum: [...SMART_FLOW_TRIGGERS] },
          frequency: { type: 'string', enum: ['daily', 'weekly'] },
          weekday: { type: 'integer', minimum: 0, maximum: 6 },
          hour: { type: 'integer', minimum: 0, maximum: 23 },
        },
        required: ['kind'],
      },
      condition: {
        type: 'object',
        properties: {
          filter: {
            type: 'string',
            enum: [...SMART_FLOW_FILTERS],
            description:
              "all issues; actives: not closed; pendencies: waiting on the user's disciplines; latePendencies: those past their deadline.",
          },
          disciplineIds: { type: 'array', items: { type: 'integer' } },
          search: { type: 'string', description: 'Words the issues must contain, if the user named some.' },
        },
        required: ['filter'],
      },
      action: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: [...SMART_FLOW_ACTIONS] },
          tag: {
            type: 'string',
            description: 'tag only: the name of the personal tag to put on the issues.',
          },
          disciplineId: {
            type: 'integer',
            description: 'assignDiscipline only: the listed discipline to make responsible.',
          },
          status: {
            type: 'string',
            enum: [...SMART_FLOW_ASSIGN_STATUSES],
            description: 'assignDiscipline only: the status that discipline gets (usually todo).',
          },
        },
        required: ['kind'],
        description:
          "email: e-mail the user the list of issues; digest: e-mail the user a short summary of the issues written by the assistant, followed by the list (when the user asks for a digest, summary, overview or résumé); follow: star the issues for the user; tag: put the user's personal tag (named in `tag`) on them; assignDiscipline: make a discipline responsible on the issues that lack it (with `disciplineId` and `status`).",
      },
    },
    required: ['projectId', 'name', 'trigger', 'condition', 'action'],
  },
};

async function draftPrompt(services: AppServices, actor: Actor, timeZone: string): Promise<string> {
  const projects = (await workspaceProjects(services, actor)).slice(0, PROJECTS_IN_PROMPT);
  const lines: string[] = [];
  for (const project of projects) {
    const disciplines = await listDisciplines(services.database.db, project.id);
    lines.push(
      `- project ${project.id} "${project.name}"; disciplines: ${
        disciplines.map((d) => `${d.id} ${d.name}`).join(', ') || 'none'
      }`,
    );
  }
  return [
    'You turn a construction coordinator’s description of a recurring job into one rule of Obra’s smart flow, by calling propose_rule once. Do not write anything else.',
    'A rule has a trigger (schedule, issueCreated, issueChanged or deadlinePassed), a condition (a standard filter, optionally disciplines and words) and an action (email, digest, follow, tag or assignDiscipline).',
    'Only these actions exist: if the user asks for something else, choose the closest of them. Use only the projects and disciplines listed.',
    `The user's time zone is ${timeZone}; today is ${new Date().toISOString().slice(0, 10)}.`,
    'Projects:',
    ...lines,
  ].join('\n');
}

/** The model's proposal as a rule, or undefined when it is not one. */
export function proposalOf(calls: readonly AiToolCall[], timeZone: string, text: string) {
  const call = calls.find((c) => c.name === PROPOSE_RULE_TOOL.name);
  if (!call) return undefined;
  let args: Record<string, unknown>;
  try {
    args = JSON.parse(call.arguments) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const trigger = (args['trigger'] ?? {}) as Record<string, unknown>;
  const condition = (args['condition'] ?? {}) as Record<string, unknown>;
  const timed = trigger['kind'] === 'schedule' || trigger['kind'] === 'deadlinePassed';
  const candidate = {
    projectId: args['projectId'],
    name: args['name'],
    description: text.slice(0, SMART_FLOW_DESCRIPTION_MAX),
    trigger: timed
      ? {
          kind: trigger['kind'],
          ...(trigger['kind'] === 'schedule' ? { frequency: trigger['frequency'] ?? 'weekly' } : {}),
          ...(trigger['kind'] === 'schedule' && trigger['frequency'] !== 'daily'
            ? { weekday: trigger['weekday'] ?? 1 }
            : {}),
          hour: trigger['hour'] ?? 8,
          timeZone,
        }
      : { kind: trigger['kind'] },
    condition: {
      filter: condition['filter'],
      disciplineIds: Array.isArray(condition['disciplineIds']) ? condition['disciplineIds'] : [],
      ...(typeof condition['search'] === 'string' && condition['search'].trim()
        ? { search: condition['search'] }
        : {}),
    },
    action: args['action'],
  };
  const parsed = smartFlowRuleSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/**
 * draftSmartFlowRule (issue 31 item 6): the assistant turns the person's words into a rule, returned for the page to
 * show in plain words; nothing is stored until the person confirms it (createSmartFlowRule, which checks the
 * project and disciplines again). The assistant's gate, moderation, rate and monthly budget apply.
 */
export async function draftSmartFlowRule(
  services: AppServices,
  actor: Actor,
  input: { text: string; timeZone: string },
): Promise<SmartFlowRuleInput> {
  const provider = requireAssistant(services, actor);
  const text = input.text.trim();
  if (!text) throw new AppError('CONTENT_MUST_BE_NON_EMPTY_STRING');
  if (text.length > SMART_FLOW_DESCRIPTION_MAX)
    throw new AppError('TEXT_TOO_LONG', { field: 'text', max: SMART_FLOW_DESCRIPTION_MAX });
  if (!isTimeZone(input.timeZone)) throw new AppError('BAD_USER_INPUT', { field: 'timeZone' });
  await admitAiCall(services, actor, provider, text);
  const messages: AiMessage[] = [
    { role: 'system', content: await draftPrompt(services, actor, input.timeZone) },
    { role: 'user', content: text },
  ];
  const calls: AiToolCall[] = [];
  let said = '';
  try {
    const signal = AbortSignal.timeout(services.config.ai.timeoutMs);
    for await (const delta of provider.streamChat(messages, [PROPOSE_RULE_TOOL], signal)) {
      if (delta.kind === 'toolCalls') calls.push(...delta.calls);
      else said += delta.text;
    }
  } catch (error) {
    services.logger.warn({ err: error }, 'AI provider failed (smart flow draft)');
    throw new AppError('AI_TROUBLE_RESPONDING');
  } finally {
    await chargeTokens(
      services,
      actor,
      estimateTokens(JSON.stringify(messages)) + estimateTokens(said + JSON.stringify(calls)),
    );
  }
  const rule = proposalOf(calls, input.timeZone, text);
  if (!rule) throw new AppError('SMART_FLOW_NOT_UNDERSTOOD');
  return rule;
}
