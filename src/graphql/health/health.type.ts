import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { SeedProgressType } from './seed-progress.type';

export enum HealthStatus {
  UP = 'up',
  DOWN = 'down',
  SKIPPED = 'skipped',
}
registerEnumType(HealthStatus, { name: 'HealthStatus', description: 'up: answering; down: unreachable; skipped: not configured or not loadable' });

@ObjectType({ description: 'One store or model the service depends on' })
export class ComponentHealthType {
  @Field(() => String, { description: 'e.g. documents:pglite, vector:chroma, graph:neo4j, embedder:<model>' })
  name!: string;

  @Field(() => String, { description: 'store or model' })
  kind!: string;

  @Field(() => HealthStatus)
  status!: HealthStatus;

  @Field(() => Float, { nullable: true, description: 'round-trip time of the probe, in milliseconds' })
  latencyMs!: number | null;

  @Field(() => String, { nullable: true })
  detail!: string | null;
}

@ObjectType({ description: 'Whether the service and each of its parts are working' })
export class HealthType {
  @Field(() => HealthStatus, { description: 'down when any store is down' })
  status!: HealthStatus;

  @Field(() => String, { description: 'embedded (PGlite) or services (PostgreSQL, Chroma, Neo4j)' })
  profile!: string;

  @Field(() => String)
  version!: string;

  @Field(() => Float, { description: 'seconds since start' })
  uptimeSeconds!: number;

  @Field(() => Boolean, { description: 'every store up and search has its full corpus (what /readyz answers)' })
  ready!: boolean;

  @Field(() => SeedProgressType, { nullable: true, description: 'this start and its seed; null for a server started without one' })
  seed!: SeedProgressType | null;

  @Field(() => [ComponentHealthType], { description: 'empty while the server is still starting' })
  components!: ComponentHealthType[];
}
