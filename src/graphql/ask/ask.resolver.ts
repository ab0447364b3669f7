import { GraphQLError } from 'graphql';
import { withoutNulls } from '../common/values';
import { Arg, Ctx, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Answer, AskEvent } from '../../answer/answer.types';
import type { AskRequest } from '../../answer/ask.service';
import type { ContextBlock } from '../../answer/context';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import { audit, type GraphQLContext } from '../context';
import { QueryTypeEnum } from '../search/search.type';
import { AskInput } from './ask.input';
import { AnswerType, AskEventKind, AskEventType, SourceType } from './answer.type';

const toSources = (blocks: ContextBlock[]): SourceType[] =>
  blocks.map((b) => ({ n: b.n, header: b.header, documentId: b.document.id, sectionId: b.sectionId, tokens: b.tokens, text: b.text }));

const toAnswer = (a: Answer): AnswerType => ({ ...a, sources: toSources(a.sources) });

const toRequest = (input: AskInput, ctx: GraphQLContext): AskRequest => {
  const req = withoutNulls({ ...input }) as AskRequest;
  if (req.firId && req.useCase !== 'SOP_ASSISTANT') throw new AppError(ErrorCode.BAD_USER_INPUT, 'firId is only used by useCase SOP_ASSISTANT');
  if (req.useCase === 'SOP_ASSISTANT' && !req.firId && !req.query.trim()) throw new AppError(ErrorCode.BAD_USER_INPUT, "SOP_ASSISTANT needs an FIR: give firId or the FIR's text as the query");
  return { ...req, filter: { ...(req.filter ?? {}), access: ctx.scope } };
};

export function toEvent(e: AskEvent): AskEventType {
  switch (e.kind) {
    case 'ANALYSIS':
      return { kind: AskEventKind.ANALYSIS, analysis: { ...e.analysis, type: e.analysis.type as QueryTypeEnum, references: e.analysis.references.map((r) => ({ id: r.id, raw: r.raw, inferred: r.inferred, subsection: r.subsection ?? null })) } };
    case 'SOURCES':
      return { kind: AskEventKind.SOURCES, sources: toSources(e.sources) };
    case 'TEXT_DELTA':
      return { kind: AskEventKind.TEXT_DELTA, text: e.text };
    case 'CITATION':
      return { kind: AskEventKind.CITATION, citation: e.citation };
    case 'DONE':
      return { kind: AskEventKind.DONE, answer: toAnswer(e.answer) };
    default:
      return { kind: AskEventKind.ERROR, error: { code: e.code, message: e.message } };
  }
}

/**
 * Streams AskService events. When the client unsubscribes, graphql-ws calls return() on this iterator:
 * the finally block aborts the search/LLM work still under way.
 */
async function* askEvents(ctx: GraphQLContext, input: AskInput): AsyncGenerator<AskEventType> {
  const controller = new AbortController();
  try {
    for await (const e of ctx.app.ask.stream(toRequest(input, ctx), controller.signal)) {
      if (e.kind === 'DONE') audit(ctx, 'askStream', input.query, e.answer.sources.length, e.answer.hiddenByAccess);
      yield toEvent(e);
    }
  } catch (err) {
    const code = err instanceof GraphQLError ? String(err.extensions.code ?? ErrorCode.INTERNAL_SERVER_ERROR) : ErrorCode.INTERNAL_SERVER_ERROR;
    yield { kind: AskEventKind.ERROR, error: { code, message: err instanceof GraphQLError ? err.message : 'the answer could not be produced' } };
  } finally {
    controller.abort();
  }
}

@Resolver()
export class AskResolver {
  @Query(() => AnswerType, { description: 'A grounded answer with citations (extractive by default; an LLM when LLM_BASE_URL is set)' })
  async ask(@Arg('input', () => AskInput) input: AskInput, @Ctx() ctx: GraphQLContext): Promise<AnswerType> {
    await ctx.app.askLimiter.consume(ctx.principal, ctx.clientAddress);
    const answer = await ctx.app.ask.ask(toRequest(input, ctx));
    audit(ctx, 'ask', input.query, answer.sources.length, answer.hiddenByAccess);
    for (const m of answer.missingSources) ctx.missingSources.add(m);
    return toAnswer(answer);
  }

  @Subscription(() => AskEventType, {
    description: 'The same answer as ask, streamed: ANALYSIS, SOURCES, TEXT_DELTA/CITATION, DONE',
    // The rate limit is checked when the client subscribes, so a refused stream never starts.
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      await ctx.app.askLimiter.consume(ctx.principal, ctx.clientAddress);
      return askEvents(ctx, (args as { input: AskInput }).input);
    },
  })
  askStream(@Root() event: AskEventType, @Arg('input', () => AskInput) _input: AskInput): AskEventType {
    return event;
  }
}
