import { ArrayMaxSize, ArrayMinSize, Max, Min } from 'class-validator';
import { Arg, Ctx, Field, InputType, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { DocumentFilterInput } from '../document/document.filter';
import { CaseSectionGraphType } from './graph.type';

@InputType()
export class GraphStartInput {
  @Field(() => [String], { description: 'Section ids (IPC:302) and/or document ids to start from' })
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  ids!: string[];

  @Field(() => Int, { defaultValue: 1, description: 'Hops over CITES and EQUIVALENT_TO, at most 2' })
  @Min(0)
  @Max(2)
  depth!: number;

  @Field(() => Int, { defaultValue: 100, description: 'Most nodes returned, at most 500' })
  @Min(1)
  @Max(500)
  limit!: number;
}

@Resolver()
export class GraphResolver {
  @Query(() => CaseSectionGraphType, { description: 'Cases, sections and equivalents around the start nodes, ready to draw' })
  async caseSectionGraph(
    @Arg('start', () => GraphStartInput) start: GraphStartInput,
    @Arg('filter', () => DocumentFilterInput, { nullable: true }) filter: DocumentFilterInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CaseSectionGraphType> {
    const g = await ctx.app.stores.graph.neighbourhood(start.ids, start.depth, start.limit);
    // Document filters trim case nodes (and their edges); sections always stay.
    const keep = (n: (typeof g.nodes)[number]) => {
      if (n.kind !== 'Document' || !filter) return true;
      const p = n.properties;
      return (!filter.types?.length || filter.types.includes(p.type as never))
        && (!filter.districts?.length || filter.districts.some((d) => d.toLowerCase() === (p.district ?? '').toLowerCase()))
        && (!filter.dateFrom || (!!p.date && p.date >= filter.dateFrom)) && (!filter.dateTo || (!!p.date && p.date <= filter.dateTo));
    };
    const nodes = g.nodes.filter(keep);
    const ids = new Set(nodes.map((n) => n.id));
    return { nodes, edges: g.edges.filter((e) => ids.has(e.source) && ids.has(e.target)) };
  }
}
