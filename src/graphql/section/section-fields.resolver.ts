import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { ACT_NAMES, type StatuteCode } from '../../domain/codes';
import type { GraphQLContext } from '../context';
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
}
