import type { SearchResponse } from './search.types';

/**
 * Whether a search says "not enough relevant material", from what it found. A query that names a section always has
 * material. Otherwise, when a calibrated cross-encoder ran (minLogit set), a query that states no offence the
 * lexicon knows and no word of criminal justice is refused unless the model finds some statute relevant: the dense
 * and keyword lists find something for any text, so they cannot tell. The refusal eval replays this same rule at
 * other thresholds.
 */
export function refused(e: SearchResponse['evidence'], minLogit: number | null): boolean {
  const offDomain = !e.named && !e.lexicon && !e.domainWords && minLogit !== null && e.bestLogit !== null && e.bestLogit < minLogit;
  return !(e.material || e.named) || offDomain;
}
