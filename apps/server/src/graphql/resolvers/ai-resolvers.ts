import { errorMessage } from '@obra/domain';
import { requireActor } from '../context.ts';
import { presentComment } from './issue-comments-presenters.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  aiConversationMessages,
  aiConversations,
  aiStatus,
  confirmAiBulkChange,
  confirmAiCommentDraft,
  confirmAiIssueDraft,
  deleteAiConversation,
  renameAiConversation,
  sendAiMessage,
  streamAiAnswer,
  type AiAnswerEvent,
} from '../../modules/ai/ai-chat-service.ts';
import { aiCompanyUsage } from '../../modules/ai/ai-limits.ts';
import { improveText } from '../../modules/ai/ai-text-helper-service.ts';
import {
  searchSmartDocs,
  smartDocsSources,
  streamSmartDocsAnswer,
  type SmartDocsAnswerEvent,
} from '../../modules/smart-docs/smart-docs-service.ts';

/**
 * The answer as an async iterator whose `return` (the client unsubscribed, or its socket closed) aborts the model's
 * request at once, not at the next token.
 */
function cancellable<E>(
  field: string,
  run: (signal: AbortSignal) => AsyncGenerator<E>,
): AsyncIterableIterator<unknown> {
  const controller = new AbortController();
  const inner = run(controller.signal);
  const iterator: AsyncIterableIterator<unknown> = {
    next: async () => {
      const step = await inner.next();
      return step.done ? { done: true, value: undefined } : { done: false, value: { [field]: step.value } };
    },
    return: async () => {
      controller.abort();
      await inner.return(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * The AI assistant (issue 31): conversations, questions, and answers streamed over the websocket; Smart Docs'
 * sources, passages and answers.
 */
export const aiResolvers: Resolvers = {
  Query: {
    aiStatus: (_r, _a, ctx) => aiStatus(ctx.services, requireActor(ctx)),
    aiCompanyUsage: (_r, _a, ctx) => aiCompanyUsage(ctx.services, requireActor(ctx)),
    aiConversations: (_r, _a, ctx) => aiConversations(ctx.services, requireActor(ctx)),
    aiConversationMessages: (_r, { conversationId }, ctx) =>
      aiConversationMessages(ctx.services, requireActor(ctx), conversationId),
    smartDocsSources: (_r, { projectId }, ctx) =>
      smartDocsSources(ctx.services, requireActor(ctx), projectId),
    smartDocsSearch: (_r, { input }, ctx) => searchSmartDocs(ctx.services, requireActor(ctx), input),
  },
  Mutation: {
    sendAiMessage: (_r, { conversationId, persona, text }, ctx) =>
      sendAiMessage(ctx.services, requireActor(ctx), { conversationId, persona, text }),
    renameAiConversation: (_r, { conversationId, title }, ctx) =>
      renameAiConversation(ctx.services, requireActor(ctx), conversationId, title),
    deleteAiConversation: (_r, { conversationId }, ctx) =>
      deleteAiConversation(ctx.services, requireActor(ctx), conversationId),
    improveText: (_r, { kind, text }, ctx) => improveText(ctx.services, requireActor(ctx), { kind, text }),
    confirmAiCommentDraft: async (_r, args, ctx) =>
      presentComment(await confirmAiCommentDraft(ctx.services, requireActor(ctx), args)),
    confirmAiIssueDraft: (_r, args, ctx) => confirmAiIssueDraft(ctx.services, requireActor(ctx), args),
    confirmAiBulkChange: async (_r, args, ctx) => {
      const result = await confirmAiBulkChange(ctx.services, requireActor(ctx), args);
      return {
        updatedIds: result.updatedIds,
        // Each refusal with the catalogue's message in the caller's language.
        rejected: result.rejected.map((r) => ({
          issueId: r.issueId,
          code: r.code,
          message: errorMessage(ctx.locale, r.code),
        })),
      };
    },
  },
  Subscription: {
    aiAnswer: {
      subscribe: (_r, { messageId }, ctx) => {
        const actor = requireActor(ctx);
        return cancellable<AiAnswerEvent>('aiAnswer', (signal) =>
          streamAiAnswer(ctx.services, actor, messageId, signal),
        ) as never;
      },
    },
    smartDocsAnswer: {
      subscribe: (_r, { input }, ctx) => {
        const actor = requireActor(ctx);
        return cancellable<SmartDocsAnswerEvent>('smartDocsAnswer', (signal) =>
          streamSmartDocsAnswer(ctx.services, actor, input, signal),
        ) as never;
      },
    },
  },
};
