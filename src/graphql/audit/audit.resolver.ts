import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import { requireRole, type GraphQLContext } from '../context';
import { AuditEntryType } from './audit.type';

@Resolver()
export class AuditResolver {
  @Query(() => [AuditEntryType], { description: 'The latest audit entries, newest first (ADMIN only)' })
  async auditLog(@Arg('limit', () => Int, { defaultValue: 50 }) limit: number, @Ctx() ctx: GraphQLContext): Promise<AuditEntryType[]> {
    requireRole(ctx, ['ADMIN'], 'read the audit log');
    if (limit < 1 || limit > 500) throw new AppError(ErrorCode.BAD_USER_INPUT, 'limit must be from 1 to 500');
    return ctx.app.audit.recent(limit);
  }
}
