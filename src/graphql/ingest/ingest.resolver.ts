import { randomUUID } from 'node:crypto';
import { withoutNulls } from '../common/values';
import { Arg, Ctx, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { IngestResult } from '../../ingest/ingest.service';
import { MAY_DELETE } from '../../auth/scope';
import { requireRole, type GraphQLContext } from '../context';
import { ingestRefusal, requireIngestRole } from './ingest.policy';
import { progressOf, publishProgress } from './progress.stream';
import { IngestDocumentInput } from './ingest.input';
import { IngestBatchType, IngestProgressType, IngestResultType, IngestStatusEnum } from './ingest-result.type';

/** GraphQL input → the plain object the pipeline validates. */
const plain = (input: IngestDocumentInput): Record<string, unknown> => withoutNulls({ ...input });

const toType = (r: IngestResult): IngestResultType => ({ ...r, status: r.status as IngestStatusEnum });

export const MAX_BATCH = 500;

@Resolver()
export class IngestResolver {
  @Mutation(() => IngestResultType, { description: 'Ingests one document; a document that cannot be ingested is an INVALID_DOCUMENT error' })
  async ingestDocument(@Arg('input', () => IngestDocumentInput) input: IngestDocumentInput, @Ctx() ctx: GraphQLContext): Promise<IngestResultType> {
    requireIngestRole(ctx);
    const refusal = await ingestRefusal(ctx, plain(input));
    if (refusal) throw new AppError(ErrorCode.FORBIDDEN, refusal);
    const [result] = await ctx.app.ingest.ingest([plain(input)]);
    if (result.status === 'FAILED') {
      throw new AppError(result.error!.code, result.error!.message, { problems: result.error!.problems });
    }
    return toType(result);
  }

  @Mutation(() => IngestBatchType, { description: `Ingests up to ${MAX_BATCH} documents; each succeeds or fails alone` })
  async ingestDocuments(
    @Arg('inputs', () => [IngestDocumentInput]) inputs: IngestDocumentInput[],
    @Arg('batchId', () => ID, { nullable: true, description: 'Choose the id to subscribe to progress before sending' }) batchId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IngestBatchType> {
    requireIngestRole(ctx);
    if (inputs.length > MAX_BATCH) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `at most ${MAX_BATCH} documents per call; got ${inputs.length}`);
    const id = batchId ?? randomUUID();
    const docs = inputs.map(plain);
    // Refused documents fail alone, like invalid ones, and the rest of the batch goes on.
    const refusals = await Promise.all(docs.map((d) => ingestRefusal(ctx, d)));
    const allowed = docs.filter((_d, i) => !refusals[i]);
    const done = await ctx.app.ingest.ingest(allowed, {
      batchId: id,
      onProgress: (p) => publishProgress({ ...p, principalId: ctx.principal.id }),
    });
    let next = 0;
    const results: IngestResult[] = docs.map((d, index) => (refusals[index]
      ? { index, id: typeof d.id === 'string' ? d.id : null, title: typeof d.title === 'string' ? d.title : null, status: 'FAILED', chunks: 0, sections: [], warnings: [],
        error: { code: ErrorCode.FORBIDDEN, message: refusals[index]!, problems: [] } }
      : { ...done[next++], index }));
    const count = (s: string) => results.filter((r) => r.status === s).length;
    return { batchId: id, created: count('CREATED'), updated: count('UPDATED'), unchanged: count('UNCHANGED'), failed: count('FAILED'), results: results.map(toType) };
  }

  @Mutation(() => Boolean, { description: 'Removes the document from every store; NOT_FOUND if it does not exist' })
  async deleteDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    requireRole(ctx, MAY_DELETE, 'delete documents');
    if (!(await ctx.app.ingest.delete(id))) throw new AppError(ErrorCode.NOT_FOUND, `no document with id "${id}"`);
    return true;
  }

  @Subscription(() => IngestProgressType, {
    // Checked when the client subscribes, not per event (type-graphql runs @Authorized per event).
    subscribe: ({ args, context }) => {
      const ctx = context as GraphQLContext;
      requireIngestRole(ctx);
      const batchId = (args as { batchId: string }).batchId;
      // Only the caller who started the batch (or an ADMIN) follows it.
      return progressOf(batchId, (p) => ctx.principal.role === 'ADMIN' || p.principalId === ctx.principal.id);
    },
    description: 'Progress of an ingestDocuments batch started by the same caller',
  })
  ingestProgress(@Root() progress: IngestProgressType, @Arg('batchId', () => ID) _batchId: string): IngestProgressType {
    return progress;
  }
}
