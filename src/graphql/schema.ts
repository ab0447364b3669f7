import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { HealthResolver } from './health/health.resolver';
import { IngestResolver } from './ingest/ingest.resolver';
import { SearchResolver } from './search/search.resolver';
import { AskResolver } from './ask/ask.resolver';
import { DocumentResolver } from './document/document.resolver';
import { GraphResolver } from './graph/graph.resolver';
import { GraphAnalyticsResolver } from './graph/analytics.resolver';
import { AuditResolver } from './audit/audit.resolver';
import { SectionResolver } from './section/section.resolver';
import { SectionFieldsResolver } from './section/section-fields.resolver';
import { pubSub } from './pubsub';

let built: Promise<GraphQLSchema> | undefined;

/** The one schema, shared by HTTP and WebSocket; inputs are validated with class-validator. */
export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [HealthResolver, IngestResolver, SearchResolver, SectionFieldsResolver, AskResolver, DocumentResolver, SectionResolver, GraphResolver, GraphAnalyticsResolver, AuditResolver],
    pubSub,
    validate: { forbidUnknownValues: false },
  });
  return built;
}
