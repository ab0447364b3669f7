import { Arg, Ctx, Field, Float, ObjectType, Query, Resolver } from 'type-graphql';
import { found, withoutNulls } from '../common/values';
import type { SearchRequest, SearchResponse } from '../../search/search.types';
import { rankSections } from '../../search/sections';
import { audit, type GraphQLContext } from '../context';
import { SectionType } from '../section/section.type';
import { SearchInput } from './search.input';
import { QueryTypeEnum, SearchResultType, StageStatusEnum } from './search.type';

/** The caller's scope travels inside the filter, so every store applies it and the cache keys on it. */
function toRequest(input: SearchInput, ctx: GraphQLContext): SearchRequest {
  const req = withoutNulls({ ...input, filter: input.filter ?? undefined }) as SearchRequest;
  return { ...req, filter: { ...(req.filter ?? {}), access: ctx.scope } };
}

export function toResultType(r: SearchResponse): SearchResultType {
  return {
    ...r,
    analysis: {
      ...r.analysis, type: r.analysis.type as QueryTypeEnum,
      references: r.analysis.references.map((x) => ({ id: x.id, raw: x.raw, inferred: x.inferred, subsection: x.subsection ?? null })),
    },
    stages: r.stages.map((s) => ({ ...s, status: s.status as StageStatusEnum })),
    hits: r.hits.map((h) => ({
      chunkId: h.chunk.id, text: h.chunk.text, heading: h.chunk.heading, part: h.chunk.sectionName, citation: h.chunk.citation,
      sectionId: h.chunk.sectionId, chunkIndex: h.chunk.chunkIndex, totalChunks: h.chunk.totalChunks, sections: h.chunk.sections,
      highlights: h.highlights, scores: h.scores, addedBy: h.addedBy,
      siblings: h.siblings.map((c) => ({ chunkId: c.id, chunkIndex: c.chunkIndex, part: c.sectionName, heading: c.heading, text: c.text })),
      document: { ...h.document },
    })),
  };
}

@ObjectType()
export class RankedSectionType {
  @Field(() => SectionType) section!: SectionType;
  @Field(() => Float) score!: number;
  @Field(() => [String], { description: 'How the section was found' }) why!: string[];
}

@ObjectType()
export class SectionSearchResultType {
  @Field(() => [RankedSectionType]) sections!: RankedSectionType[];
  @Field(() => SearchResultType, { description: 'The chunk search the ranking was built from' }) search!: SearchResultType;
}

@Resolver()
export class SearchResolver {
  @Query(() => SearchResultType, { description: 'Hybrid retrieval: dense + keyword + sections, fused, reranked; every stage reported' })
  async search(@Arg('input', () => SearchInput) input: SearchInput, @Ctx() ctx: GraphQLContext): Promise<SearchResultType> {
    const res = await ctx.app.search.search(toRequest(input, ctx));
    audit(ctx, 'search', input.query, res.hits.length, res.hiddenByAccess);
    for (const m of res.missingSources) ctx.missingSources.add(m);
    return toResultType(res);
  }

  @Query(() => SectionSearchResultType, { description: 'Ranked sections (with their equivalents) aggregated from chunk hits and graph expansion' })
  async searchSections(@Arg('input', () => SearchInput) input: SearchInput, @Ctx() ctx: GraphQLContext): Promise<SectionSearchResultType> {
    const req = toRequest(input, ctx);
    const res = await ctx.app.search.search({ ...req, topK: 20, maxPerDocument: 20 });
    audit(ctx, 'searchSections', input.query, res.hits.length, res.hiddenByAccess);
    for (const m of res.missingSources) ctx.missingSources.add(m);
    const ranked = rankSections(res, req.topK ?? Math.max(res.k, 5));
    const sections = new Map(found(await ctx.loaders.section.loadMany(ranked.map((r) => r.id))).map((s) => [s.id, s]));
    return {
      search: toResultType(res),
      sections: ranked.filter((r) => sections.has(r.id)).map((r) => ({ section: sections.get(r.id)!, score: r.score, why: r.why })),
    };
  }
}
