/**
 * Glossary terms name acts in the dictionary form of the verb (जहर देना, ઝેર પીવડાવવું), while queries and FIRs
 * use its other forms (जहर देकर, ઝેર પીવડાવી દીધું). Prefix matching covers suffixes added to the whole
 * infinitive, not forms that replace its ending; these tables give those forms, built on the verb's stem.
 * A form is the stem and exactly one listed ending, never the bare stem, so a noun that merely ends like an
 * infinitive (थाना, सूचना) can at worst meet its own oblique form (थाने) or a string no one writes.
 */

// Folded spelling (see fold.ts): गये is गए, किये is किए.
const HINDI_ENDINGS = new Set([
  'ा', 'ी', 'े', 'ो', 'ें', 'ीं', 'कर', 'के', 'ने', 'नी', 'ता', 'ती', 'ते', 'या', 'ए', 'ई', 'एं', 'ईं', 'ूंगा', 'ेगा', 'ेगी', 'ेंगे',
]);
const GUJARATI_ENDINGS = new Set([
  'ી', 'ીને', 'ે', 'ો', 'ું', 'ા', 'ાં', '્યું', '્યો', '્યા', '્યાં', '્યાને', 'તા', 'તી', 'તો', 'તું', 'તાં', 'વા', 'વી', 'વો', 'વાનું',
  'વાની', 'વાના', 'વાનો', 'ેલ', 'ેલું', 'ેલો', 'ેલી', 'ેલા', 'નાર', 'ીશ', 'શે',
]);

export interface VerbForms {
  stem: string;
  endings: ReadonlySet<string>;
}

/** The stem of a Hindi (-ना) or Gujarati (-વું) infinitive, or null for any other word. */
export function infinitive(word: string): VerbForms | null {
  const hindi = /^([\u0900-\u097F]{2,})ना$/u.exec(word);
  if (hindi) return { stem: hindi[1], endings: HINDI_ENDINGS };
  const gujarati = /^([\u0A80-\u0AFF]{2,})વું$/u.exec(word);
  if (gujarati) return { stem: gujarati[1], endings: GUJARATI_ENDINGS };
  return null;
}

/** Whether a text word is one of the verb's forms: the stem and one listed ending, nothing more. */
export function isVerbForm(verb: VerbForms, word: string): boolean {
  return word.startsWith(verb.stem) && verb.endings.has(word.slice(verb.stem.length));
}
