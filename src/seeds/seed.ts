import fs from 'node:fs';
import path from 'node:path';
import type { IngestProgress, IngestResult, IngestService } from '../ingest/ingest.service';
import type { CitationGraph } from '../stores/graph/graph.types';
import { fromRoot } from '../util/paths';
import { loadJudgments } from './judgments';
import type { StatuteCatalogue } from './statutes';

export interface SeedSummary {
  sections: number;
  equivalences: number;
  results: IngestResult[];
}

/** Every *.json under seeds/cases (one document per file, or an array). */
export function loadCaseFiles(dir = fromRoot('seeds', 'cases')): unknown[] {
  if (!fs.existsSync(dir)) return [];
  const out: unknown[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) {
        const v = JSON.parse(fs.readFileSync(p, 'utf8'));
        out.push(...(Array.isArray(v) ? v : [v]));
      }
    }
  };
  walk(dir);
  return out;
}

/** Loads the statute graph (acts, sections, equivalences): idempotent, and needed before any citation links. */
export async function loadStatuteGraph(graph: CitationGraph, catalogue: StatuteCatalogue): Promise<void> {
  await graph.upsertActs(catalogue.acts);
  await graph.upsertSections(catalogue.sections);
  await graph.upsertEquivalences(catalogue.equivalences);
}

export interface SeedOptions {
  onProgress?: (p: IngestProgress & { phase: string }) => void;
  /** Which parts of seeds/ to load; all by default. */
  include?: { statutes?: boolean; judgments?: boolean; cases?: boolean };
}

/** Loads seeds/: the statute graph, one document per bare-act section, the judgments and the sample cases. */
export async function seed(graph: CitationGraph, ingest: IngestService, catalogue: StatuteCatalogue, o: SeedOptions = {}): Promise<SeedSummary> {
  const inc = { statutes: true, judgments: true, cases: true, ...(o.include ?? {}) };
  await loadStatuteGraph(graph, catalogue);
  const results: IngestResult[] = [];
  const phases: [string, unknown[]][] = [
    ['bare acts', inc.statutes ? catalogue.bareActDocuments() : []],
    ['judgments', inc.judgments ? loadJudgments(fromRoot('seeds', 'judgments')) : []],
    ['cases', inc.cases ? loadCaseFiles() : []],
  ];
  for (const [phase, docs] of phases) {
    if (!docs.length) continue;
    results.push(...(await ingest.ingest(docs, { onProgress: (p) => o.onProgress?.({ ...p, phase }) })));
  }
  return { sections: catalogue.sections.length, equivalences: catalogue.equivalences.length, results };
}
