import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { StatuteCode } from '../../domain/codes';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { GraphQLContext } from '../context';
import { StatuteCodeEnum } from '../common/enums';
import { SectionType } from './section.type';

@ObjectType()
export class CoCitedType {
  @Field(() => SectionType) section!: SectionType;
  @Field(() => Int, { description: 'Documents citing both sections' }) count!: number;
}

@Resolver()
export class SectionResolver {
  @Query(() => SectionType, { description: 'A section by code and number; UNKNOWN_SECTION when the code has no such section' })
  async section(
    @Arg('code', () => StatuteCodeEnum) code: StatuteCode,
    @Arg('number', () => String) number: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SectionType> {
    const id = `${code}:${number.trim().toUpperCase().replace(/[\s-]/g, '')}`;
    const s = await ctx.loaders.section.load(id);
    if (!s || !ctx.app.catalogue.has(id)) throw new AppError(ErrorCode.UNKNOWN_SECTION, `${code} has no section ${number}`, { section: id });
    return s;
  }
}
