import fs from 'node:fs';
import type { App } from '../app/app';
import { parseSectionId } from '../domain/codes';
import type { SearchService } from '../search/search.service';
import type { SearchRequest, SearchResponse } from '../search/search.types';
import { mean, ndcgAt, recallAt, reciprocalRank, round } from './metrics';

export interface DevQuery {
  id: string;
  lang: string;
  kind: string;
  query: string;
  relevant: string[];
}

export interface QueryMetrics {
  'recall@5': number;
  'recall@10': number;
  mrr: number;
  'ndcg@10': number;
}

export interface DevReport {
  overall: QueryMetrics & { queries: number };
  byLanguage: Record<string, QueryMetrics & { queries: number }>;
  byKind: Record<string, QueryMetrics & { queries: number }>;
  /** `evidence`: what refusal decides on, so a retrieval run also says which of its questions would be refused. */
  perQuery: { id: string; lang: string; kind: string; ranked: string[]; metrics: QueryMetrics; evidence: SearchResponse['evidence'] }[];
}

export function readQueries(file: string): DevQuery[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => {
    try {
      return JSON.parse(l) as DevQuery;
    } catch {
      throw new Error(`${file}:${i + 1} is not valid JSON`);
    }
  });
}

/** "BNS:303(2)" and "bns:303" → "BNS:303": sub-sections roll up to their section. */
export function rollUp(id: string): string {
  const parsed = parseSectionId(id.replace(/\(.*$/, ''));
  return parsed ? `${parsed.code}:${parsed.number}` : id;
}

function aggregate(rows: QueryMetrics[]): QueryMetrics & { queries: number } {
  return {
    queries: rows.length,
    'recall@5': round(mean(rows.map((r) => r['recall@5']))),
    'recall@10': round(mean(rows.map((r) => r['recall@10']))),
    mrr: round(mean(rows.map((r) => r.mrr))),
    'ndcg@10': round(mean(rows.map((r) => r['ndcg@10']))),
  };
}

/** The bare acts as ordinary documents, as FORMAT.md asks: every section of the six codes from seeds/. */
export async function indexBareActs(app: App, onProgress?: (done: number, total: number) => void): Promise<void> {
  const docs = app.catalogue.bareActDocuments();
  await app.ingest.ingest(docs, { onProgress: (p) => onProgress?.(p.done, p.total) });
}

/** Runs every query through the full pipeline and scores the first distinct sections of its hits. */
export async function evaluateQueries(search: SearchService, queries: DevQuery[], options: Partial<SearchRequest> = {}): Promise<DevReport> {
  const perQuery: DevReport['perQuery'] = [];
  // As the server does at start: no query is searched before the section names and the examples are embedded.
  await search.warm();
  for (const q of queries) {
    // The per-document cap is the product's (one hit per section), so the figures are what a caller gets.
    const res = await search.search({ query: q.query, topK: 20, ...options });
    const ranked: string[] = [];
    for (const h of res.hits) {
      const sections = h.chunk.sectionId ? [h.chunk.sectionId] : h.chunk.sections;
      for (const s of sections) if (!ranked.includes(s)) ranked.push(s);
    }
    const relevant = new Set(q.relevant.map(rollUp));
    perQuery.push({
      id: q.id, lang: q.lang, kind: q.kind, ranked: ranked.slice(0, 10), evidence: res.evidence,
      metrics: {
        'recall@5': recallAt(ranked, relevant, 5), 'recall@10': recallAt(ranked, relevant, 10),
        mrr: reciprocalRank(ranked, relevant), 'ndcg@10': ndcgAt(ranked, relevant, 10),
      },
    });
  }
  const group = (key: 'lang' | 'kind') => Object.fromEntries(
    [...new Set(perQuery.map((p) => p[key]))].sort().map((v) => [v, aggregate(perQuery.filter((p) => p[key] === v).map((p) => p.metrics))]),
  );
  return { overall: aggregate(perQuery.map((p) => p.metrics)), byLanguage: group('lang'), byKind: group('kind'), perQuery };
}
