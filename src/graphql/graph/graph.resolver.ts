import { ArrayMaxSize, ArrayMinSize, Max, Min } from 'class-validator';
import { Arg, Ctx, Field, InputType, Int, Query, Resolver } from 'type-graphql';
import { withoutNulls } from '../common/values';
import { audit, type GraphQLContext } from '../context';
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
  @Query(() => CaseSectionGraphType, {
    description: 'Cases, sections and equivalents around the start nodes, ready to draw. Documents outside the filter are not walked through.',
  })
  async caseSectionGraph(
    @Arg('start', () => GraphStartInput) start: GraphStartInput,
    @Arg('filter', () => DocumentFilterInput, { nullable: true }) filter: DocumentFilterInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CaseSectionGraphType> {
    const f = withoutNulls({ ...(filter ?? {}) });
    const g = await ctx.app.stores.graph.neighbourhood(start.ids, start.depth, start.limit, { ...f, access: ctx.scope });
    if (!ctx.scope.all) {
      const documents = (x: typeof g) => x.nodes.filter((n) => n.kind === 'Document').length;
      const hidden = ctx.app.stores.graph.neighbourhood(start.ids, start.depth, start.limit, f).then((all) => Math.max(0, documents(all) - documents(g)));
      audit(ctx, 'caseSectionGraph', start.ids.join(','), g.nodes.length, hidden);
    }
    return g;
  }
}
