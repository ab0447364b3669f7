import fc from 'fast-check';

/**
 * Malformed GraphQL requests for the fuzz test: broken documents, hostile shapes (depth, aliases, fragments),
 * real operations with variables of the wrong shape, and broken HTTP bodies. Everything is drawn from fast-check
 * with a fixed seed, so a failing case can be replayed.
 */

/** Real operations whose variables the fuzz corrupts. */
export const OPERATIONS = {
  search: 'query S($input: SearchInput!) { search(input: $input) { hits { citation text document { id } } stages { name status } } }',
  ask: 'query A($input: AskInput!) { ask(input: $input) { text citations { n documentId } } }',
  ingest: 'mutation I($input: IngestDocumentInput!) { ingestDocument(input: $input) { id status error { code message } } }',
  section: 'query Sec($code: StatuteCode!, $number: String!) { section(code: $code, number: $number) { id title equivalents { section { id } } citedBy(first: 3) { totalCount } coCited(limit: 2) { count } } }',
  graph: 'query G($start: GraphStartInput!, $filter: DocumentFilterInput) { caseSectionGraph(start: $start, filter: $filter) { nodes { id kind } edges { source target } } }',
  documents: 'query D($first: Int!, $after: String) { documents(first: $first, after: $after) { edges { node { id } } } }',
  askStream: 'subscription AS($input: AskInput!) { askStream(input: $input) { kind text error { code message } } }',
} as const;

export type OperationName = keyof typeof OPERATIONS;
export interface GraphQLCase { label: string; query: string; variables?: unknown; operationName?: unknown }

const MEGABYTE = 'x'.repeat(1_000_000);

/** Values of every wrong kind: other JSON types, extreme numbers, odd strings, 1 MB strings. */
const weird: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, -2147483648, 2147483647, 2147483648, 1e308, -1e308, 0.5, 1e9), weight: 3 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.constantFrom('', ' ', '\u0000', '\uD800', '\uFEFF', 'IPC', 'ipc', 'FIR', 'NOPE', 'GENERAL_QA', '2024-02-30', '9999-99-99', '__proto__', 'constructor'), weight: 2 },
  { arbitrary: fc.constant(MEGABYTE), weight: 1 },
  { arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 4 }), weight: 1 },
);

/** Either a plausible value or a weird one. */
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, weird);
const enumish = (...values: string[]) => maybe(fc.constantFrom(...values, values[0].toLowerCase(), `${values[0]}X`));
const query = maybe(fc.constantFrom('theft of a tempo', 'हत्या की सजा', 'ચોરી માટે સજા', 'punishment for murder'));
const int = maybe(fc.integer({ min: -10, max: 1000 }));

const filter = maybe(fc.record({
  documentTypes: maybe(fc.array(enumish('FIR', 'SOP'), { maxLength: 12 })),
  languages: maybe(fc.array(enumish('en', 'hi'))),
  districts: maybe(fc.array(weird, { maxLength: 3 })),
  dateFrom: weird, dateTo: weird, codes: maybe(fc.array(enumish('IPC', 'BNS'))), sections: maybe(fc.array(weird, { maxLength: 3 })),
}, { requiredKeys: [] }));

const searchInput = fc.record({ query, topK: int, filter, fusion: enumish('RRF', 'WEIGHTED'), rerank: weird, maxPerDocument: int }, { requiredKeys: [] });
const askInput = fc.record({ query, useCase: enumish('GENERAL_QA', 'SOP_ASSISTANT'), topK: int, date: weird, tokenBudget: int, filter }, { requiredKeys: [] });
const ingestInput = fc.record({
  id: weird, type: enumish('FIR', 'CHARGESHEET'), title: maybe(fc.constant('FIR 1/2024')), language: enumish('en', 'gu'), date: weird,
  district: weird, authority: enumish('SOP', 'ACT'), sectionsCited: maybe(fc.array(weird, { maxLength: 3 })),
  parts: maybe(fc.array(fc.record({ name: weird, text: weird }, { requiredKeys: [] }), { maxLength: 3 })),
  text: weird, statute: maybe(fc.record({ code: enumish('IPC'), number: weird }, { requiredKeys: [] })), extra: weird,
}, { requiredKeys: [] });

/** Variables for one real operation, wrong in one way or many. */
const VARIABLES: Record<OperationName, fc.Arbitrary<unknown>> = {
  search: maybe(fc.record({ input: maybe(searchInput) }, { requiredKeys: [] })),
  ask: maybe(fc.record({ input: maybe(askInput) }, { requiredKeys: [] })),
  askStream: maybe(fc.record({ input: maybe(askInput) }, { requiredKeys: [] })),
  ingest: maybe(fc.record({ input: maybe(ingestInput) }, { requiredKeys: [] })),
  section: maybe(fc.record({ code: enumish('IPC', 'BNS'), number: maybe(fc.constantFrom('302', '103(1)', '41-B')) }, { requiredKeys: [] })),
  graph: maybe(fc.record({
    start: maybe(fc.record({ ids: maybe(fc.array(weird, { maxLength: 30 })), depth: int, limit: int }, { requiredKeys: [] })), filter,
  }, { requiredKeys: [] })),
  documents: maybe(fc.record({ first: int, after: weird }, { requiredKeys: [] })),
};

/** Strings of the right type and hostile content: query-language syntax, odd Unicode, extremes of length. */
const hostileText = fc.oneof(
  fc.constantFrom('', ' ', 'x', MEGABYTE, 'a'.repeat(4001), 'a'.repeat(20001), '\u0000\u0001\u001f', '\uD800\uDFFF\uFFFE', 'ક્ષ'.repeat(500),
    "'; DROP TABLE documents; --", '%_\\', "' OR 1=1 --", '}) MATCH (n) DETACH DELETE n //', '$1 $2 :param', '& | ! ( ) : * <-> \'',
    'IPC:302', 'IPC 302 BNS 103 CrPC 41-B', 'धारा 302', '१२३ ૧૨૩', '../../etc/passwd', '<script>alert(1)</script>', '{"$ne": null}', '.*+?^${}()|[]\\'),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
);
const hostileInt = fc.oneof(fc.constantFrom(-2147483648, -1, 0, 1, 2, 20, 21, 50, 51, 100, 101, 500, 501, 16000, 16001, 2147483647), fc.integer());
const hostileDate = fc.oneof(fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '0000-00-00', '9999-12-31', '2024-07-01T00:00:00Z', 'yesterday', ''), hostileText);
const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 60 });
const hostileFilter = fc.record({
  documentTypes: list(fc.constantFrom('FIR', 'CHARGESHEET', 'PANCHNAMA', 'COURT_RULING', 'BARE_ACT_SECTION', 'SOP')), languages: list(fc.constantFrom('en', 'hi', 'gu')),
  districts: list(hostileText), dateFrom: hostileDate, dateTo: hostileDate, codes: list(fc.constantFrom('IPC', 'BNS', 'CrPC', 'BNSS', 'IEA', 'BSA')), sections: list(hostileText),
}, { requiredKeys: [] });
const hostileSearch = fc.record({ query: hostileText, topK: hostileInt, filter: hostileFilter, fusion: fc.constantFrom('RRF', 'WEIGHTED'), authorityBoost: fc.boolean(),
  expandCoCited: fc.boolean(), rerank: fc.boolean(), maxPerDocument: hostileInt }, { requiredKeys: ['query'] });
const hostileAsk = fc.record({ query: hostileText, useCase: fc.constantFrom('GENERAL_QA', 'SOP_ASSISTANT', 'CHARGESHEET_REVIEW'), topK: hostileInt, date: hostileDate,
  tokenBudget: hostileInt, filter: hostileFilter }, { requiredKeys: ['query'] });
const hostileIngest = fc.record({
  id: hostileText, type: fc.constantFrom('FIR', 'CHARGESHEET', 'PANCHNAMA', 'COURT_RULING', 'BARE_ACT_SECTION', 'SOP'), title: hostileText, language: fc.constantFrom('en', 'hi', 'gu'),
  date: hostileDate, district: hostileText, policeStation: hostileText, court: hostileText, authority: fc.constantFrom('CONSTITUTION', 'ACT', 'SOP', 'CASE_RECORD'),
  sectionsCited: list(hostileText), parts: fc.array(fc.record({ name: hostileText, text: hostileText }), { maxLength: 5 }), text: hostileText,
  statute: fc.record({ code: fc.constantFrom('IPC', 'BNS'), number: hostileText, chapter: hostileText }, { requiredKeys: ['code', 'number'] }),
  extra: fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
}, { requiredKeys: ['type', 'title'] });

/** Variables of the right types whose values are hostile: they get past coercion into validation and resolvers. */
const TYPED: Record<OperationName, fc.Arbitrary<unknown>> = {
  search: fc.record({ input: hostileSearch }),
  ask: fc.record({ input: hostileAsk }),
  askStream: fc.record({ input: hostileAsk }),
  ingest: fc.record({ input: hostileIngest }),
  section: fc.record({ code: fc.constantFrom('IPC', 'BNS', 'CrPC', 'BNSS', 'IEA', 'BSA'), number: hostileText }),
  graph: fc.record({ start: fc.record({ ids: list(hostileText), depth: hostileInt, limit: hostileInt }, { requiredKeys: ['ids'] }), filter: fc.option(hostileFilter.map(({ documentTypes, districts, dateFrom, dateTo }) => ({ types: documentTypes, districts, dateFrom, dateTo }))) }),
  documents: fc.record({ first: hostileInt, after: fc.option(hostileText) }),
};

export const wrongVariables = (names: OperationName[]): fc.Arbitrary<GraphQLCase> => fc.tuple(fc.constantFrom(...names), fc.boolean()).chain(([name, typed]) =>
  (typed ? TYPED : VARIABLES)[name].map((variables) => ({ label: `variables:${typed ? 'typed:' : ''}${name}`, query: OPERATIONS[name], variables })));

const JUNK = ['{', '}', '(', ')', '[', ']', '$', '...', '@', '"', '"""', '#', ':', '!', '=', '|', '&', '\\', '\u0000', '\uD800', '\uFFFF', 'fragment', 'on', 'query', 'mutation', 'subscription', '__schema', '1e400', '-0'];

/** A real document with a few random cuts and insertions. */
const broken: fc.Arbitrary<GraphQLCase> = fc.tuple(
  fc.constantFrom<string>(...Object.values(OPERATIONS), '{ health { status } }', '{ __typename }'),
  fc.array(fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.oneof(fc.constantFrom(...JUNK), fc.string({ maxLength: 4 }), fc.string({ unit: 'grapheme', maxLength: 2 }))), { minLength: 1, maxLength: 4 }),
).map(([doc, edits]) => ({
  label: 'broken-document',
  query: edits.reduce((d: string, [at, cut, insert]) => { const i = at % (d.length + 1); return d.slice(0, i) + insert + d.slice(i + cut); }, doc),
}));

const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');

/** Documents built to be expensive: deep, wide, aliased, fragment bombs, cycles, big literals. */
const hostile: fc.Arbitrary<GraphQLCase> = fc.oneof(
  fc.integer({ min: 8, max: 3000 }).map((n) => ({ label: 'deep-selection', query: `{ health ${'{ components '.repeat(n)}{ name }${' }'.repeat(n)} }` })),
  fc.integer({ min: 8, max: 3000 }).map((n) => ({ label: 'deep-list-literal', query: `{ search(input: { query: ${'['.repeat(n)}"x"${']'.repeat(n)} }) { hits { citation } } }` })),
  fc.integer({ min: 8, max: 3000 }).map((n) => ({ label: 'deep-object-literal', query: `{ search(input: ${'{ query: "x", filter: '.repeat(n)}null${' }'.repeat(n)}) { hits { citation } } }` })),
  fc.integer({ min: 16, max: 1500 }).map((n) => ({ label: 'aliases', query: `{ ${repeat(n, (i) => `a${i}: health { status }`)} }` })),
  fc.integer({ min: 16, max: 600 }).map((n) => ({ label: 'aliased-searches', query: `{ ${repeat(n, (i) => `s${i}: search(input: { query: "x${i}" }) { hits { citation } }`)} }` })),
  fc.integer({ min: 2, max: 60 }).map((n) => ({
    label: 'fragment-bomb',
    query: `${repeat(n, (i) => (i === 0 ? 'fragment F0 on HealthType { status }' : `fragment F${i} on HealthType { ...F${i - 1} ...F${i - 1} }`))} { health { ...F${n - 1} } }`,
  })),
  fc.constant({ label: 'fragment-cycle', query: 'fragment A on Query { ...B } fragment B on Query { ...A } { ...A }' }),
  fc.integer({ min: 21, max: 500 }).map((n) => ({ label: 'directives', query: `{ health { ${repeat(n, (i) => `s${i % 10}: status @include(if: true) @skip(if: false)`)} } }` })),
  fc.integer({ min: 1, max: 400 }).map((n) => ({ label: 'operations', query: repeat(n, (i) => `query Q${i} { health { status } }`), operationName: `Q${n + 1}` })),
  fc.integer({ min: 20000, max: 1_500_000 }).map((n) => ({ label: 'huge-string-literal', query: `{ search(input: { query: "${'a'.repeat(n)}" }) { hits { citation } } }` })),
  fc.integer({ min: 2001, max: 20000 }).map((n) => ({ label: 'many-tokens', query: `{ ${'__typename '.repeat(n)}}` })),
  fc.constantFrom(
    '{ search(input: { query: "x", topK: 99999999999999999999 }) { hits { citation } } }',
    '{ search(input: { query: "x", topK: 1e400 }) { hits { citation } } }',
    '{ search(input: { query: "\\uZZZZ \\u{110000}" }) { hits { citation } } }',
    '{ search(input: { query: """a\\"""b""" }) { hits { citation } } }',
    '{ nope { nope } }', '{ health(nope: 1) { status } }', '{ health { ...on Nope { x } } }', 'query($x: Nope) { health { status } }',
    'subscription { askStream(input: { query: "x" }) { kind } ingestProgress(batchId: "b") { done } }',
    'mutation { deleteDocument(id: "no-such-document") }', '{ section(code: NOPE, number: 1) { id } }', '{ __type(name: "Query") { name } }',
    '{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }', '', ' ', '#only a comment',
  ).map((query) => ({ label: 'odd-document', query })),
);

/** Any string at all as a document. */
const noise: fc.Arbitrary<GraphQLCase> = fc.oneof(
  fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 100 }), fc.string({ unit: 'binary', maxLength: 100 }),
).map((query) => ({ label: 'noise', query }));

/** Malformed operations, as sent over either transport. */
export const graphqlCases = (operations: OperationName[]): fc.Arbitrary<GraphQLCase> => fc.oneof(
  { arbitrary: broken, weight: 4 },
  { arbitrary: hostile, weight: 3 },
  { arbitrary: noise, weight: 2 },
  { arbitrary: wrongVariables(operations), weight: 5 },
  {
    arbitrary: fc.tuple(fc.constantFrom(...operations), weird, weird).map(([name, variables, operationName]) => ({ label: 'wrong-envelope', query: OPERATIONS[name], variables, operationName })),
    weight: 1,
  },
);
