import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { HealthResolver } from './health/health.resolver';

let built: Promise<GraphQLSchema> | undefined;

/** The one schema, shared by HTTP and WebSocket; inputs are validated with class-validator. */
export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [HealthResolver],
    validate: { forbidUnknownValues: false },
  });
  return built;
}
