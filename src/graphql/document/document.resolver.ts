import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { found } from '../common/values';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { GraphQLContext } from '../context';
import { DocumentSummaryType } from '../search/search.type';
import { SectionType } from '../section/section.type';
import { DocumentFilterInput } from './document.filter';
import { ChunkType, DocumentConnectionType, decodeCursor, toConnection } from './document.type';

export function cursorOffset(after: string | null | undefined): number {
  try {
    return decodeCursor(after);
  } catch {
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'after is not a cursor this API issued');
  }
}

@Resolver(() => DocumentSummaryType)
export class DocumentResolver {
  @Query(() => DocumentSummaryType, { description: 'One document; NOT_FOUND when it does not exist' })
  async document(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<DocumentSummaryType> {
    const d = await ctx.loaders.document.load(id);
    if (!d) throw new AppError(ErrorCode.NOT_FOUND, `no document with id "${id}"`);
    return d;
  }

  @Query(() => DocumentConnectionType, { description: 'Documents, newest first' })
  async documents(
    @Arg('filter', () => DocumentFilterInput, { nullable: true }) filter: DocumentFilterInput | null,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentConnectionType> {
    if (first < 1 || first > 100) throw new AppError(ErrorCode.BAD_USER_INPUT, 'first must be from 1 to 100');
    const offset = cursorOffset(after);
    const page = await ctx.app.stores.documents.listDocuments({ ...(filter ?? {}), access: ctx.scope }, offset, first);
    for (const d of page.documents) ctx.loaders.document.prime(d.id, d);
    return toConnection(page.documents, offset, page.total);
  }

  @FieldResolver(() => [SectionType], { description: 'Section nodes the document cites (or is)' })
  async citedSections(@Root() d: DocumentSummaryType, @Ctx() ctx: GraphQLContext): Promise<SectionType[]> {
    return found(await ctx.loaders.section.loadMany(d.sections));
  }

  @FieldResolver(() => [ChunkType])
  async chunks(@Root() d: DocumentSummaryType, @Ctx() ctx: GraphQLContext): Promise<ChunkType[]> {
    return (await ctx.app.stores.documents.chunksOfDocuments([d.id])).map((c) => ({ ...c, part: c.sectionName }));
  }

  @FieldResolver(() => [DocumentSummaryType], { description: 'Documents whose chunks are nearest to this one\'s in the vector index' })
  async similar(@Root() d: DocumentSummaryType, @Arg('limit', () => Int, { defaultValue: 5 }) limit: number, @Ctx() ctx: GraphQLContext): Promise<DocumentSummaryType[]> {
    const [first] = await ctx.app.stores.documents.chunksOfDocuments([d.id], true);
    if (!first?.embedding) return [];
    const hits = await ctx.app.stores.vector.query(first.embedding, Math.min(50, limit * 4) + 5, { access: ctx.scope });
    const ids = [...new Set(hits.map((h) => h.documentId).filter((id) => id !== d.id))].slice(0, Math.min(limit, 20));
    return found(await ctx.loaders.document.loadMany(ids));
  }
}
