/**
 * Recognises "the server is not there" failures from the store clients, so that a request touching a store
 * that is down gets STORE_UNAVAILABLE (retry later) rather than INTERNAL_SERVER_ERROR (a bug).
 */
export function unavailableStore(err: unknown): string | null {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return null;
  const text = `${String(e.name ?? '')} ${String(e.code ?? '')} ${String(e.message ?? '')}`;
  if (/ServiceUnavailable|SessionExpired|Neo4jError.*connect|Could not perform discovery/i.test(text)) return 'the citation graph (Neo4j)';
  if (/ChromaConnectionError|Chroma.*(connect|fetch)/i.test(text)) return 'the vector index (Chroma)';
  if (/ECONNREFUSED|ECONNRESET|fetch failed|Connection terminated/i.test(text)) return 'a backing store';
  return e.cause ? unavailableStore(e.cause) : null;
}
