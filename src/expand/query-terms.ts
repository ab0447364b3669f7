import type { QueryAnalysis } from '../analyse/analyse';
import { words } from '../text/normalise';
import { gujaratiToDevanagari } from '../text/script';
import { INDIC_STOPWORDS } from '../text/stopwords';
import type { GlossaryMatch } from './glossary';
import type { ExpandedTerm } from './sections';

/**
 * Role words in incident narratives: they say who, not what offence, and match procedure text everywhere.
 * Facts quoted from a judgment name the parties and the court's own steps the same way (appellant, learned
 * judge, judgment dated ...); left in, they spend the term budget and pull in appellate-procedure provisions.
 */
const ROLE_WORDS = new Set(['accused', 'complainant', 'victim', 'informant', 'deceased', 'person', 'persons', 'man', 'men', 'woman', 'women',
  'appellant', 'appellants', 'respondent', 'respondents', 'petitioner', 'petitioners', 'learned', 'counsel', 'judgment', 'dated',
  'आरोपी', 'मुल्जिम', 'अभियुक्त', 'पीड़ित', 'पीडित', 'पीड़िता', 'प्रार्थी', 'शिकायतकर्ता', 'व्यक्ति',
  'આરોપી', 'આરોપીએ', 'ફરિયાદી', 'ફરિયાદીને', 'ભોગ', 'બનનાર', 'વ્યક્તિ']);

const COMPARATIVE_SPLIT = /\b(?:difference between|compare|distinguish between)\s+(.+?)\s+(?:and|with|from)\s+(.+?)[?.]?$|^(.+?)\s+(?:vs\.?|versus)\s+(.+?)[?.]?$/iu;

/** Splits "difference between X and Y" / "X vs Y" into at most three sub-queries. */
export function subQueries(text: string): string[] {
  const m = COMPARATIVE_SPLIT.exec(text);
  if (!m) return [];
  return [m[1] ?? m[3], m[2] ?? m[4]].filter(Boolean).map((s) => s.trim()).slice(0, 3);
}

/**
 * The keyword list's terms: the query's words (bridged to Devanagari for Gujarati, which shares Hindi's legal
 * vocabulary) and the glossary's translations, role words left out of narratives.
 */
export function keywordTerms(a: QueryAnalysis, terms: ExpandedTerm[]): string[] {
  const narrative = a.type === 'FACT_PATTERN';
  const queryWords = words(a.normalised).filter((w) => !INDIC_STOPWORDS.has(w) && !(narrative && ROLE_WORDS.has(w)));
  const extraWords = terms.flatMap((t) => words(t.term)).filter((w) => !INDIC_STOPWORDS.has(w));
  const bridged = a.language === 'gu' ? queryWords.map(gujaratiToDevanagari) : [];
  return [...new Set([...queryWords, ...bridged, ...extraWords])].slice(0, narrative ? 120 : 64);
}

/** Phrases matched whole: a short query itself, the glossary terms it used and their translations. */
export function phrases(a: QueryAnalysis, matches: GlossaryMatch[], terms: ExpandedTerm[]): string[] {
  return [...new Set([
    ...(a.normalised.length <= 80 ? [a.normalised] : []),
    ...matches.map((m) => m.term),
    ...terms.filter((t) => t.language !== 'gu').map((t) => t.term),
    ...(a.language === 'gu' && a.normalised.length <= 80 ? [gujaratiToDevanagari(a.normalised)] : []),
  ])];
}

/** The texts embedded for the dense list: the query, its English terms when it is not English, each side of a comparison. */
export function denseQueries(a: QueryAnalysis, terms: ExpandedTerm[], subs: string[]): string[] {
  const out = [a.normalised];
  const english = terms.filter((t) => t.language === 'en').map((t) => t.term);
  if (a.language !== 'en' && english.length) out.push(english.slice(0, 8).join('; '));
  out.push(...subs);
  return [...new Set(out)];
}
