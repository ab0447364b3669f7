import { Ctx, Query, Resolver } from 'type-graphql';
import { checkHealth } from '../../app/health';
import type { GraphQLContext } from '../context';
import { HealthStatus, HealthType } from './health.type';
import { version } from '../../version';

@Resolver(() => HealthType)
export class HealthResolver {
  @Query(() => HealthType, { description: 'Each store and model, up/down/skipped, with probe latency' })
  async health(@Ctx() ctx: GraphQLContext): Promise<HealthType> {
    const components = await checkHealth(ctx.app);
    const down = components.some((c) => c.kind === 'store' && c.status === 'down');
    return {
      status: down ? HealthStatus.DOWN : HealthStatus.UP,
      profile: ctx.app.config.store,
      version,
      uptimeSeconds: Math.round((Date.now() - ctx.app.startedAt.getTime()) / 1000),
      components: components.map((c) => ({ ...c, status: c.status as HealthStatus })),
    };
  }
}
