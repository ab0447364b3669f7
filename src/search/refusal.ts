import type { SearchResponse } from './search.types';

/** The logits below which an unnamed query is refused (config: RERANK_MIN_LOGIT, RERANK_FLOOR_LOGIT). */
export interface RefusalThresholds {
  /** For a query with no offence the lexicon knows and no word of criminal justice. */
  minLogit: number | null;
  /**
   * For every unnamed query, those words notwithstanding: "police verification for a passport" or "lawyer's fee
   * for a civil suit" share a word with criminal justice, yet the model rates every statute far below its boundary.
   */
  floorLogit: number | null;
}

/**
 * Whether a search says "not enough relevant material", from what it found. A query that names a section always has
 * material. Otherwise, when a calibrated cross-encoder ran, a query that states no offence the lexicon knows and no
 * word of criminal justice is refused unless the model finds some statute relevant (minLogit): the dense and keyword
 * lists find something for any text, so they cannot tell; a query with such words is refused only when the model
 * finds every statute far from relevant (floorLogit). The refusal eval replays this same rule at other thresholds.
 */
export function refused(e: SearchResponse['evidence'], t: RefusalThresholds): boolean {
  if (e.named) return false;
  if (!e.material) return true;
  if (e.bestLogit === null) return false;
  const plain = !e.lexicon && !e.domainWords;
  return (plain && t.minLogit !== null && e.bestLogit < t.minLogit) || (t.floorLogit !== null && e.bestLogit < t.floorLogit);
}
