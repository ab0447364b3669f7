import { randomUUID } from 'node:crypto';
import { withoutNulls } from '../common/values';
import { Arg, Ctx, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { IngestResult } from '../../ingest/ingest.service';
import { MAY_DELETE, MAY_INGEST } from '../../auth/scope';
import { requireRole, type GraphQLContext } from '../context';
import { writePolicyFor } from '../../auth/write-policy';
import { progressOf } from './progress.stream';
import { IngestDocumentInput } from './ingest.input';
import { IngestBatchType, IngestProgressType, IngestResultType, IngestStatusEnum } from './ingest-result.type';

/** GraphQL input → the plain object the pipeline validates. */
const plain = (input: IngestDocumentInput): Record<string, unknown> => withoutNulls({ ...input });

const toType = (r: IngestResult): IngestResultType => ({ ...r, status: r.status as IngestStatusEnum });

export const MAX_BATCH = 500;

function requireIngestRole(ctx: GraphQLContext): void {
  requireRole(ctx, MAY_INGEST, 'ingest documents');
}

@Resolver()
export class IngestResolver {
  @Mutation(() => IngestResultType, { description: 'Ingests one document; a document that cannot be ingested is an INVALID_DOCUMENT error' })
  async ingestDocument(@Arg('input', () => IngestDocumentInput) input: IngestDocumentInput, @Ctx() ctx: GraphQLContext): Promise<IngestResultType> {
    requireIngestRole(ctx);
    const [result] = await ctx.app.ingest.ingest([plain(input)], { policy: writePolicyFor(ctx.principal) });
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
    const results = await ctx.app.ingest.ingest(inputs.map(plain), {
      batchId: id,
      policy: writePolicyFor(ctx.principal),
      onProgress: (p) => ctx.app.progress.publish({ ...p, principalId: ctx.principal.id }),
    });
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
      return progressOf(ctx.app.progress, batchId, (p) => ctx.principal.role === 'ADMIN' || p.principalId === ctx.principal.id);
    },
    description: 'Progress of an ingestDocuments batch started by the same caller',
  })
  ingestProgress(@Root() progress: IngestProgressType, @Arg('batchId', () => ID) _batchId: string): IngestProgressType {
    return progress;
  }
}
