import { Ctx, Query, Resolver } from 'type-graphql';
import { checkHealth, startupOf } from '../../app/health';
import type { GraphQLContext } from '../context';
import { HealthStatus, HealthType } from './health.type';
import type { SeedState } from './seed-progress.type';
import { version } from '../../version';

const processStart = Date.now();

@Resolver(() => HealthType)
export class HealthResolver {
  @Query(() => HealthType, { description: 'Each store and model, up/down/skipped, with probe latency, and the progress of this start' })
  async health(@Ctx() ctx: GraphQLContext): Promise<HealthType> {
    // While the app is being created the server already answers (components empty, seed PENDING: starting).
    const app = ctx.app as GraphQLContext['app'] | undefined;
    const startup = startupOf(app);
    const seed = startup ? { ...startup.snapshot(), state: startup.state as SeedState } : null;
    if (!app) {
      return {
        status: HealthStatus.UP, profile: startup?.profile ?? 'unknown', version, ready: false, seed, components: [],
        uptimeSeconds: Math.round((Date.now() - processStart) / 1000),
      };
    }
    const components = await checkHealth(app);
    const down = components.some((c) => c.kind === 'store' && c.status === 'down');
    return {
      status: down ? HealthStatus.DOWN : HealthStatus.UP,
      profile: app.config.store,
      version,
      uptimeSeconds: Math.round((Date.now() - app.startedAt.getTime()) / 1000),
      ready: !down && (startup?.ready ?? true),
      seed,
      components: components.map((c) => ({ ...c, status: c.status as HealthStatus })),
    };
  }
}
