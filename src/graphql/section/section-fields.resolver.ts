import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { found } from '../common/values';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import { DocumentFilterInput } from '../document/document.filter';
import { cursorOffset } from '../document/document.resolver';
import { DocumentConnectionType, toConnection } from '../document/document.type';
import { CoCitedType } from './section.resolver';
import { ACT_NAMES, type StatuteCode } from '../../domain/codes';
import { audit, type GraphQLContext } from '../context';
import { EquivalenceRelationEnum, EquivalentType, SectionType } from './section.type';

/** Fields of a section that need another store read, batched per request through the loaders. */
@Resolver(() => SectionType)
export class SectionFieldsResolver {
  @FieldResolver(() => String, { description: 'Full name of the Act' })
  act(@Root() s: SectionType): string {
    return ACT_NAMES[s.code as StatuteCode] ?? s.code;
  }

  @FieldResolver(() => [EquivalentType], { description: 'Counterparts in the other code (IPC ⇄ BNS, CrPC ⇄ BNSS, IEA ⇄ BSA)' })
  async equivalents(@Root() s: SectionType, @Ctx() ctx: GraphQLContext): Promise<EquivalentType[]> {
    const edges = await ctx.loaders.equivalents.load(s.id);
    const sections = await ctx.loaders.section.loadMany(edges.map((e) => e.toId));
    return edges.flatMap((e, i) => {
      const sec = sections[i];
      return sec && !(sec instanceof Error) ? [{ section: sec, relation: e.relation as EquivalenceRelationEnum, provisions: e.provisions }] : [];
    });
  }

  @FieldResolver(() => DocumentConnectionType, { description: 'Documents citing this section, newest first' })
  async citedBy(
    @Root() s: SectionType,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('filter', () => DocumentFilterInput, { nullable: true }) filter: DocumentFilterInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentConnectionType> {
    if (first < 1 || first > 100) throw new AppError(ErrorCode.BAD_USER_INPUT, 'first must be from 1 to 100');
    const offset = cursorOffset(after);
    const page = await ctx.app.stores.graph.citedBy(s.id, { ...(filter ?? {}), access: ctx.scope }, offset, first);
    if (!ctx.scope.all) {
      const hidden = ctx.app.stores.graph.citedBy(s.id, filter ?? {}, 0, 1).then((all) => all.total - page.total);
      audit(ctx, 'citedBy', s.id, page.documents.length, hidden);
    }
    const nodes = found(await ctx.loaders.document.loadMany(page.documents.map((d) => d.id)));
    return toConnection(nodes, offset, page.total, page.documents.length);
  }

  @FieldResolver(() => [CoCitedType], { description: 'Sections most often cited in the same documents' })
  async coCited(@Root() s: SectionType, @Arg('limit', () => Int, { defaultValue: 10 }) limit: number, @Ctx() ctx: GraphQLContext): Promise<CoCitedType[]> {
    const rows = await ctx.app.stores.graph.coCited(s.id, Math.max(1, Math.min(limit, 50)), ctx.scope);
    const sections = await ctx.loaders.section.loadMany(rows.map((r) => r.sectionId));
    return rows.flatMap((r, i) => {
      const sec = sections[i];
      return sec && !(sec instanceof Error) ? [{ section: sec, count: r.count }] : [];
    });
  }
}
