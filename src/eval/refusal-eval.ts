import type { SearchService } from '../search/search.service';
import type { SearchResponse } from '../search/search.types';
import { refused, type RefusalThresholds } from '../search/refusal';
import type { DevQuery } from './dev-eval';
import { round } from './metrics';

export type Judged = { id: string; lang: string; inDomain: boolean } & SearchResponse['evidence'];

/** The thresholds every refusal report is replayed at. */
const SWEEP = [-8, -6, -5, -4, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 2];
/** RERANK_FLOOR_LOGIT values replayed at the configured RERANK_MIN_LOGIT (null: no floor). */
const FLOOR_SWEEP = [null, -9, -8, -7, -6, -5, -4, -3, -2];
/** REFUSE_OFF_DOMAIN_P values replayed at the configured logit thresholds (null: the domain classifier not used). */
const OFF_DOMAIN_SWEEP = [null, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];
const IN_DOMAIN_SWEEP = [null, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2];
/** REFUSE_EXAMPLE_MARGIN and KEEP_EXAMPLE_MARGIN values, each replayed with everything else as configured. */
const REFUSE_MARGIN_SWEEP = [null, -0.03, -0.02, -0.015, -0.01, -0.005, 0];
const KEEP_MARGIN_SWEEP = [null, 0, 0.005, 0.01, 0.015, 0.02, 0.03];

export interface RefusalReport {
  /** The threshold the service is configured with (RERANK_MIN_LOGIT) and its rates. */
  configured: RefusalRates & {
    threshold: number; floor: number | null; offDomainP: number | null; inDomainP: number | null; refuseMargin: number | null; keepMargin: number | null;
  };
  /** The same rates had the threshold been each of these (the floor as configured). */
  sweep: (RefusalRates & { threshold: number })[];
  /** The rates at the configured threshold had the floor (RERANK_FLOOR_LOGIT) been each of these. */
  floorSweep: (RefusalRates & { floor: number | null })[];
  /** The rates at the configured logit thresholds had REFUSE_OFF_DOMAIN_P been each of these. */
  offDomainSweep: (RefusalRates & { offDomainP: number | null })[];
  /** The same for KEEP_IN_DOMAIN_P, REFUSE_OFF_DOMAIN_P as configured. */
  inDomainSweep: (RefusalRates & { inDomainP: number | null })[];
  /** The same for REFUSE_EXAMPLE_MARGIN and KEEP_EXAMPLE_MARGIN. */
  refuseMarginSweep: (RefusalRates & { refuseMargin: number | null })[];
  keepMarginSweep: (RefusalRates & { keepMargin: number | null })[];
  /** What each question's refusal was decided on, to study other rules without searching again. */
  perQuery: Judged[];
}

export interface RefusalRates {
  offDomainRefused: number;
  inDomainRefused: number;
  byLanguage: Record<string, { offDomainRefused: number; inDomainRefused: number }>;
}


export function rates(judged: Judged[], t: RefusalThresholds): RefusalRates {
  const share = (xs: Judged[]) => (xs.length ? round(xs.filter((j) => refused(j, t)).length / xs.length) : 0);
  const langs = [...new Set(judged.map((j) => j.lang))].sort();
  return {
    offDomainRefused: share(judged.filter((j) => !j.inDomain)),
    inDomainRefused: share(judged.filter((j) => j.inDomain)),
    byLanguage: Object.fromEntries(langs.map((l) => [l, {
      offDomainRefused: share(judged.filter((j) => j.lang === l && !j.inDomain)),
      inDomainRefused: share(judged.filter((j) => j.lang === l && j.inDomain)),
    }])),
  };
}

/**
 * How often search refuses ("not enough relevant material"): the share of off-domain questions refused (should be
 * all) and of in-domain ones (should be none). Each query is searched once; the evidence it returns lets the same
 * rule be replayed at other thresholds without searching again.
 */
export async function evaluateRefusal(search: SearchService, inDomain: DevQuery[], offDomain: DevQuery[], t: RefusalThresholds,
  onProgress?: (done: number, total: number) => void): Promise<RefusalReport> {
  const judged: Judged[] = [];
  const all = [...inDomain.map((q) => ({ q, inDomain: true })), ...offDomain.map((q) => ({ q, inDomain: false }))];
  await search.warm();
  for (const [i, { q, inDomain: d }] of all.entries()) {
    const res = await search.search({ query: q.query, topK: 10 });
    judged.push({ id: q.id, lang: q.lang, inDomain: d, ...res.evidence });
    onProgress?.(i + 1, all.length);
  }
  return report(judged, t);
}

function report(judged: Judged[], t: RefusalThresholds): RefusalReport {
  const threshold = t.minLogit ?? -Infinity;
  const sweep = SWEEP.map((m) => ({ threshold: m, ...rates(judged, { ...t, minLogit: m }) }));
  const floorSweep = FLOOR_SWEEP.map((floor) => ({ floor, ...rates(judged, { ...t, minLogit: threshold, floorLogit: floor }) }));
  const offDomainSweep = OFF_DOMAIN_SWEEP.map((p) => ({ offDomainP: p, ...rates(judged, { ...t, minLogit: threshold, offDomainP: p }) }));
  const inDomainSweep = IN_DOMAIN_SWEEP.map((p) => ({ inDomainP: p, ...rates(judged, { ...t, minLogit: threshold, inDomainP: p }) }));
  const refuseMarginSweep = REFUSE_MARGIN_SWEEP.map((m) => ({ refuseMargin: m, ...rates(judged, { ...t, minLogit: threshold, refuseMargin: m }) }));
  const keepMarginSweep = KEEP_MARGIN_SWEEP.map((m) => ({ keepMargin: m, ...rates(judged, { ...t, minLogit: threshold, keepMargin: m }) }));
  return {
    configured: {
      threshold, floor: t.floorLogit, offDomainP: t.offDomainP, inDomainP: t.inDomainP, refuseMargin: t.refuseMargin, keepMargin: t.keepMargin,
      ...rates(judged, { ...t, minLogit: threshold }),
    },
    sweep, floorSweep, offDomainSweep, inDomainSweep, refuseMarginSweep, keepMarginSweep, perQuery: judged,
  };
}

type Recorded = { perQuery: (Partial<Judged> & { id: string; lang: string; evidence?: SearchResponse['evidence'] })[] };

/**
 * The refusal rule replayed on questions already searched: the JSON of `eval --offdomain` runs (each question says
 * whether it is in-domain) and of `eval --queries` runs (every question in-domain, its evidence recorded), so the
 * in-domain questions of a retrieval run need not be searched again.
 */
export function replayRefusal(runs: Recorded[], t: RefusalThresholds): RefusalReport {
  // A question two runs recorded (a refusal run's in-domain set is often a retrieval run's too) counts once: the first.
  const seen = new Set<string>();
  const judged = runs.flatMap((r) => r.perQuery.filter((q) => !seen.has(q.id) && seen.add(q.id)).map((q): Judged =>
    // Runs recorded before the domain classifier or the examples' margin existed: replayed as without them.
    (q.evidence
      ? { id: q.id, lang: q.lang, inDomain: true, ...q.evidence, offDomain: q.evidence.offDomain ?? null, exampleMargin: q.evidence.exampleMargin ?? null }
      : { ...(q as Judged), offDomain: q.offDomain ?? null, exampleMargin: q.exampleMargin ?? null })));
  return report(judged, t);
}
