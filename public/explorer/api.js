'use strict';
// The page's only way to data: the public GraphQL API, with the caller's token when one is given, so the
// explorer never sees more than that caller may.
(function (ns) {
  const GRAPH = `query ExplorerGraph($start: GraphStartInput!, $filter: DocumentFilterInput) {
  caseSectionGraph(start: $start, filter: $filter) { nodes { id kind label properties } edges { source target kind relation } } }`;

  const SECTION = `query ExplorerSection($code: StatuteCode!, $number: String!) {
  section(code: $code, number: $number) { id code number title titleHi act chapter text
    equivalents { relation provisions section { id title } } citedBy(first: 1) { totalCount } } }`;

  const DOCUMENT = `query ExplorerDocument($id: ID!) {
  document(id: $id) { id type title date district policeStation court language authority sections } }`;

  const PATH = `query ExplorerPath($from: String!, $to: String!, $maxHops: Int!) {
  sectionPath(from: $from, to: $to, maxHops: $maxHops) { found hops nodes { id kind label properties } edges { source target kind relation } } }`;

  const TRENDS = `query ExplorerTrends($filter: SectionTrendsFilterInput) {
  sectionTrends(filter: $filter) { sections total points { month district documents } } }`;

  /** Carries every GraphQL error as { message, code } so the page can show each one as the API said it. */
  class ApiError extends Error {
    constructor(errors, status) {
      super(errors.map((e) => `${e.message} (${e.code})`).join('; '));
      this.errors = errors;
      this.status = status;
    }
  }

  /** type-graphql puts what failed validation (e.g. "limit must not be greater than 500") beside its generic message. */
  function validationDetails(extensions) {
    const found = [];
    const walk = (list) => {
      for (const v of list || []) {
        found.push(...Object.values(v.constraints || {}));
        walk(v.children);
      }
    };
    walk(extensions && extensions.validationErrors);
    return found;
  }

  function toError(e, status) {
    const details = validationDetails(e.extensions);
    return {
      message: details.length ? `${e.message}: ${details.join('; ')}` : e.message,
      code: (e.extensions && e.extensions.code) || `HTTP_${status}`,
    };
  }

  async function gql(query, variables, token) {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let res;
    try {
      res = await fetch(ns.graphqlUrl, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    } catch (err) {
      throw new ApiError([{ message: `The API cannot be reached: ${err.message}`, code: 'NETWORK_ERROR' }], 0);
    }
    let body;
    try {
      body = await res.json();
    } catch {
      throw new ApiError([{ message: `HTTP ${res.status} ${res.statusText}: the answer is not GraphQL`, code: `HTTP_${res.status}` }], res.status);
    }
    if (body.errors && body.errors.length) {
      throw new ApiError(body.errors.map((e) => toError(e, res.status)), res.status);
    }
    if (!body.data) throw new ApiError([{ message: `HTTP ${res.status}: no data in the answer`, code: `HTTP_${res.status}` }], res.status);
    return body.data;
  }

  ns.api = {
    ApiError,
    graph: async (variables, token) => (await gql(GRAPH, variables, token)).caseSectionGraph,
    section: async (code, number, token) => (await gql(SECTION, { code, number }, token)).section,
    document: async (id, token) => (await gql(DOCUMENT, { id }, token)).document,
    path: async (from, to, maxHops, token) => (await gql(PATH, { from, to, maxHops }, token)).sectionPath,
    trends: async (variables, token) => (await gql(TRENDS, variables, token)).sectionTrends,
  };
})(window.NyayaExplorer = window.NyayaExplorer || {});
