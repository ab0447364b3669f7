import type { QueryAnalysis } from '../analyse/analyse';
import { DOMAIN_MIN_WORDS } from '../analyse/domain.classifier';
import { namesCoveredCode } from '../citations/code-mentions';
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
  /**
   * P(off-domain) from the domain classifier (src/analyse/domain.classifier.ts) at or above which an unnamed query is
   * refused, whatever the model and the lexicon say (config: REFUSE_OFF_DOMAIN_P); null: the classifier is not used.
   */
  offDomainP: number | null;
  /**
   * P(off-domain) below which the logit rules do not refuse (config: KEEP_IN_DOMAIN_P): a complaint told in everyday
   * words, or a procedure question, can leave every statute low while the question is plainly about crime.
   */
  inDomainP: number | null;
  /**
   * Example margins (ExampleIndex.margin): below `refuseMargin` an unnamed query is refused, nearer the off-domain
   * training lines than any complaint or police question (config: REFUSE_EXAMPLE_MARGIN); at or above `keepMargin`
   * the logit rules do not refuse it (KEEP_EXAMPLE_MARGIN). Null: not used.
   */
  refuseMargin: number | null;
  keepMargin: number | null;
}

/**
 * Whether a search says "not enough relevant material", from what it found. A query that names a section always has
 * material. Otherwise, when a calibrated cross-encoder ran, a query that states no offence the lexicon knows and no
 * word of criminal justice is refused unless the model finds some statute relevant (minLogit): the dense and keyword
 * lists find something for any text, so they cannot tell; a query with such words is refused only when the model
 * finds every statute far from relevant (floorLogit). Independently of the model, a question the domain classifier
 * places outside criminal justice (offDomainP) is refused: a tax or civil question can share the lexicon's words and
 * still score some statute above the floor. A question it places firmly inside (inDomainP) is not refused for the
 * model's low scores. The labelled examples measure the same from another side (refuseMargin, keepMargin): a query
 * clearly nearer an off-domain training line than any in-domain example is refused, one clearly nearer the examples is
 * kept against the model's low scores. The refusal eval replays this same rule at other thresholds.
 */
export function refused(e: SearchResponse['evidence'], t: RefusalThresholds): boolean {
  const decided = refusalWithoutLogit(e, t);
  if (decided !== null || e.bestLogit === null) return decided ?? false;
  const plain = !e.lexicon && !e.domainWords;
  return (plain && t.minLogit !== null && e.bestLogit < t.minLogit) || (t.floorLogit !== null && e.bestLogit < t.floorLogit);
}

/**
 * The same rule as far as it goes without the cross-encoder's logit: true or false when the other signals decide it,
 * null when the logit would. The search skips the model when its rank carries no weight and this is not null.
 */
export function refusalWithoutLogit(e: Omit<SearchResponse['evidence'], 'bestLogit'>, t: RefusalThresholds): boolean | null {
  if (e.named) return false;
  if (!e.material) return true;
  if (t.offDomainP !== null && e.offDomain !== null && e.offDomain >= t.offDomainP) return true;
  const margin = e.exampleMargin ?? null;
  if (t.refuseMargin !== null && margin !== null && margin < t.refuseMargin) return true;
  if (t.inDomainP !== null && e.offDomain !== null && e.offDomain < t.inDomainP) return false;
  if (t.keepMargin !== null && margin !== null && margin >= t.keepMargin) return false;
  const plain = !e.lexicon && !e.domainWords;
  return (plain && t.minLogit !== null) || t.floorLogit !== null ? null : false;
}

/**
 * Whether the domain signals (the classifier's P(off-domain), the examples' margin) are measured for a query: not one
 * that names its section, nor one that names a code the service covers (asked about them, it is in the domain), nor
 * one shorter than the classifier was fitted on.
 */
export function judgesDomain(analysis: Pick<QueryAnalysis, 'words' | 'references' | 'normalised'>): boolean {
  return !analysis.references.some((r) => !r.inferred) && analysis.words >= DOMAIN_MIN_WORDS && !namesCoveredCode(analysis.normalised);
}
