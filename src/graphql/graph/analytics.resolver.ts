import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { GraphNode } from '../../stores/graph/graph.types';
import { sectionRef } from '../common/section-ref';
import { found, withoutNulls } from '../common/values';
import { audit, type GraphQLContext } from '../context';
import type { GraphEdgeType } from './graph.type';
import { SectionPathType } from './path.type';
import { SectionTrendsFilterInput } from './trends.input';
import { SectionTrendsType } from './trends.type';

const MAX_HOPS = 6;

/** The analysts' aggregate views over the citation graph, within the caller's access. */
@Resolver()
export class GraphAnalyticsResolver {
  @Query(() => SectionTrendsType, { description: 'How many documents cite the sections, per month and district' })
  async sectionTrends(
    @Arg('filter', () => SectionTrendsFilterInput, { nullable: true }) filter: SectionTrendsFilterInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SectionTrendsType> {
    const { sections: refs, includeEquivalents, ...docFilter } = withoutNulls({ ...(filter ?? { includeEquivalents: true }) });
    if (docFilter.dateFrom && docFilter.dateTo && docFilter.dateFrom > docFilter.dateTo) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'filter.dateFrom is after filter.dateTo');
    }
    let ids = (refs ?? []).map((r) => sectionRef(r, ctx.app.catalogue));
    if (ids.length && includeEquivalents !== false) {
      const edges = await ctx.loaders.equivalents.loadMany(ids);
      ids = [...new Set([...ids, ...found(edges).flat().map((e) => e.toId)])];
    }
    const points = await ctx.app.stores.graph.trends({ ...docFilter, sectionIds: ids.length ? ids : undefined, access: ctx.scope });
    const total = points.reduce((n, p) => n + p.documents, 0);
    if (!ctx.scope.all) {
      const hidden = ctx.app.stores.graph.trends({ ...docFilter, sectionIds: ids.length ? ids : undefined })
        .then((all) => all.reduce((n, p) => n + p.documents, 0) - total);
      audit(ctx, 'sectionTrends', ids.join(',') || null, total, hidden);
    }
    return { sections: ids, points, total };
  }

  @Query(() => SectionPathType, { description: 'The shortest chain linking two sections: documents citing both, and equivalences' })
  async sectionPath(
    @Arg('from', () => String, { description: 'A section reference such as "IPC 302"' }) from: string,
    @Arg('to', () => String) to: string,
    @Arg('maxHops', () => Int, { defaultValue: 4, description: `Most edges on the path, 1 to ${MAX_HOPS}` }) maxHops: number,
    @Arg('viaEquivalents', () => Boolean, { defaultValue: true, description: 'May the path cross IPC ⇄ BNS equivalences' }) viaEquivalents: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SectionPathType> {
    if (!Number.isInteger(maxHops) || maxHops < 1 || maxHops > MAX_HOPS) throw new AppError(ErrorCode.BAD_USER_INPUT, `maxHops must be from 1 to ${MAX_HOPS}`);
    const [a, b] = [sectionRef(from, ctx.app.catalogue), sectionRef(to, ctx.app.catalogue)];
    const path = await ctx.app.stores.graph.shortestPath(a, b, { maxHops, viaEquivalents, access: ctx.scope });
    audit(ctx, 'sectionPath', `${a} → ${b}`, path?.ids.length ?? 0, 0);
    if (!path) return { found: false, hops: null, nodes: [], edges: [] };
    return { found: true, hops: path.ids.length - 1, ...(await describePath(ctx, path.ids)) };
  }
}

/** Nodes and edges of a path, read through the request's loaders (and so within the caller's access). */
async function describePath(ctx: GraphQLContext, ids: string[]): Promise<{ nodes: GraphNode[]; edges: GraphEdgeType[] }> {
  const [sections, documents, equivalents] = await Promise.all([
    ctx.loaders.section.loadMany(ids), ctx.loaders.document.loadMany(ids), ctx.loaders.equivalents.loadMany(ids),
  ]);
  const nodes = ids.map((id, i): GraphNode => {
    const d = documents[i];
    if (d && !(d instanceof Error)) return { id, kind: 'Document', label: d.title, properties: { type: d.type, date: d.date ?? null, district: d.district ?? null } };
    const s = sections[i];
    const sec = s && !(s instanceof Error) ? s : null;
    return { id, kind: 'Section', label: id, properties: { title: sec?.title ?? null, code: sec?.code ?? null, number: sec?.number ?? null } };
  });
  const edges = ids.slice(1).map((to, i): GraphEdgeType => {
    const fromId = ids[i];
    const [x, y] = [nodes[i], nodes[i + 1]];
    if (x.kind === 'Document') return { source: fromId, target: to, kind: 'CITES', relation: null };
    if (y.kind === 'Document') return { source: to, target: fromId, kind: 'CITES', relation: null };
    const eq = equivalents[i];
    const relation = eq && !(eq instanceof Error) ? eq.find((e) => e.toId === to)?.relation ?? null : null;
    return { source: fromId, target: to, kind: 'EQUIVALENT_TO', relation };
  });
  return { nodes, edges };
}
