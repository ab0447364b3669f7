import { GraphQLError, getNamedType, isLeafType, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';

type Args = Record<string, unknown>;
type FieldCost = (args: Args, children: number) => number;

/** A list argument's value, or its default when absent or not a number, clamped to what the resolver serves. */
function size(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(1, n));
}

const input = (args: Args): Args => (typeof args.input === 'object' && args.input !== null ? (args.input as Args) : {});

/** A field that fetches `n` items: a fixed price for the call, then every item pays for itself and its selection. */
const fetches = (base: number, n: number, children: number) => base + n * (1 + children);

/**
 * What a field costs beyond the default (1 per object field, 0 per scalar, plus its selection). The weights follow
 * the work behind each field: `ask` runs a whole search and a generator, `search` embeds, retrieves and reranks,
 * and every field with a `topK`/`first`/`limit` multiplies its selection by the number of items it returns.
 */
export const FIELD_COSTS: Readonly<Record<string, FieldCost>> = {
  'Query.health': (_a, c) => 5 + c,
  'Query.search': (a, c) => fetches(10, size(input(a).topK, 10, 20), c),
  'Query.searchSections': (a, c) => fetches(10, size(input(a).topK, 10, 20), c),
  'Query.ask': (a, c) => fetches(100, size(input(a).topK, 8, 20), c),
  'Subscription.askStream': (a, c) => fetches(100, size(input(a).topK, 8, 20), c),
  'Query.documents': (a, c) => fetches(2, size(a.first, 20, 100), c),
  'SectionType.citedBy': (a, c) => fetches(2, size(a.first, 20, 100), c),
  'SectionType.coCited': (a, c) => fetches(2, size(a.limit, 10, 50), c),
  'DocumentSummaryType.similar': (a, c) => fetches(5, size(a.limit, 5, 20), c),
  'Query.caseSectionGraph': (a, c) => {
    const start = typeof a.start === 'object' && a.start !== null ? (a.start as Args) : {};
    // Each hop is one more graph query; the node limit (up to 500) is charged per ten nodes drawn.
    return fetches(10 * (1 + size(start.depth, 1, 2)), Math.ceil(size(start.limit, 100, 500) / 10), c);
  },
  'Query.sectionPath': (a, c) => 10 + 5 * size(a.maxHops, 4, 6) + c,
  'Query.sectionTrends': (_a, c) => 20 + c,
  'Mutation.ingestDocument': (_a, c) => 50 + c,
  // A batch is bounded by MAX_BATCH (500) and open only to ingesting roles; the price lets a full batch through.
  'Mutation.ingestDocuments': (a, c) => 50 + 2 * (Array.isArray(a.inputs) ? a.inputs.length : 1) + c,
  'Mutation.deleteDocument': (_a, c) => 20 + c,
};

const estimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const weighted = FIELD_COSTS[`${type.name}.${field.name}`];
  if (weighted) return weighted(args, childComplexity);
  return (isLeafType(getNamedType(field.type)) ? 0 : 1) + childComplexity;
};

export type CostResult = { cost: number } | { error: 'too-many-nodes' } | { error: 'invalid-variables' };

/**
 * The cost of one operation of a validated document, with its variables (and their defaults) applied to
 * `topK`/`first`/`limit`. Variables that do not coerce are left for execution to reject with BAD_USER_INPUT.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined,
  variables: Record<string, unknown> | undefined, maxNodes: number): CostResult {
  try {
    return { cost: getComplexity({ schema, query: document, operationName, variables: variables ?? {}, estimators: [estimator], maxQueryNodes: maxNodes }) };
  } catch (err) {
    // graphql-query-complexity throws a GraphQLError for one of two things: its node limit, or the first variable
    // coercion error. Anything else is a bug and must not be mistaken for a cheap query.
    if (!(err instanceof GraphQLError)) throw err;
    return /maximum allowed number of nodes/.test(err.message) ? { error: 'too-many-nodes' } : { error: 'invalid-variables' };
  }
}
