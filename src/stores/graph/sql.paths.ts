import type { SqlClient } from '../sql/sql.client';
import type { PathOptions, SectionPath } from './graph.types';
import { graphDocumentSql } from './graph.filter';

/** One BFS level: every neighbour of the frontier over visible CITES edges (and EQUIVALENT_TO when asked). */
async function neighbours(sql: SqlClient, frontier: string[], options: PathOptions): Promise<Map<string, string[]>> {
  const params: unknown[] = [frontier];
  const visible = graphDocumentSql({ access: options.access }, params);
  const equivalence = options.viaEquivalents
    ? `UNION SELECT from_id, to_id FROM {S}.g_equivalent WHERE from_id = ANY($1::text[])
       UNION SELECT to_id, from_id FROM {S}.g_equivalent WHERE to_id = ANY($1::text[])`
    : '';
  const rows = await sql.query<{ a: string; b: string }>(
    `SELECT c.document_id AS a, c.section_id AS b FROM {S}.g_cites c JOIN {S}.g_documents d ON d.id = c.document_id
       WHERE c.document_id = ANY($1::text[]) AND ${visible}
     UNION SELECT c.section_id, c.document_id FROM {S}.g_cites c JOIN {S}.g_documents d ON d.id = c.document_id
       WHERE c.section_id = ANY($1::text[]) AND ${visible}
     ${equivalence}`,
    params,
  );
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.a, [...(out.get(r.a) ?? []), r.b]);
  return out;
}

/**
 * Breadth-first search one level per query (at most maxHops round trips), then the code-point-smallest of
 * the shortest paths, the same choice Neo4j's `ORDER BY ids LIMIT 1` makes in cypher/shortest-path.cypher.
 */
export async function sqlShortestPath(sql: SqlClient, fromId: string, toId: string, options: PathOptions): Promise<SectionPath | null> {
  const dist = new Map<string, number>([[fromId, 0]]);
  const preds = new Map<string, Set<string>>();
  let frontier = [fromId];
  for (let hop = 1; hop <= options.maxHops && frontier.length && !dist.has(toId); hop++) {
    const next = new Set<string>();
    const adjacent = await neighbours(sql, frontier, options);
    for (const [from, tos] of adjacent) {
      for (const to of tos) {
        if (dist.has(to) && dist.get(to)! < hop) continue;
        dist.set(to, hop);
        preds.set(to, (preds.get(to) ?? new Set()).add(from));
        next.add(to);
      }
    }
    frontier = [...next];
  }
  if (!dist.has(toId)) return null;
  // Nodes on some shortest path, walking back from the target.
  const onPath = new Set<string>([toId]);
  const stack = [toId];
  while (stack.length) for (const p of preds.get(stack.pop()!) ?? []) if (!onPath.has(p)) { onPath.add(p); stack.push(p); }
  const ids = [fromId];
  while (ids[ids.length - 1] !== toId) {
    const cur = ids[ids.length - 1];
    const steps = [...onPath].filter((n) => dist.get(n) === dist.get(cur)! + 1 && preds.get(n)?.has(cur));
    ids.push(steps.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0]);
  }
  return { ids };
}
