/**
 * Hindi and Gujarati words change their endings, and glossary terms are written in one form: the dictionary
 * form of a verb (जहर देना, ઝેર પીવડાવવું) where queries and FIRs say जहर देकर, ઝેર પીવડાવી દીધું; the masculine
 * singular of an agreeing word (न आने वाला, ખોટો) where text has आने वाले, ખોટા. Prefix matching covers suffixes
 * added to a whole word, not endings that replace one; these tables give those forms, built on the stem. A form
 * is the stem and exactly one listed ending, never the bare stem, so a noun that merely ends like an infinitive
 * (थाना, सूचना) can at worst meet its own oblique form (थाने) or a string no one writes.
 */

// Folded spelling (see fold.ts): गये is गए, किये is किए.
const HINDI_ENDINGS = new Set([
  'ा', 'ी', 'े', 'ो', 'ें', 'ीं', 'कर', 'के', 'ने', 'नी', 'ता', 'ती', 'ते', 'या', 'ए', 'ई', 'एं', 'ईं', 'ूंगा', 'ेगा', 'ेगी', 'ेंगे',
]);
const GUJARATI_ENDINGS = new Set([
  'ી', 'ીને', 'ે', 'ો', 'ું', 'ા', 'ાં', '્યું', '્યો', '્યા', '્યાં', '્યાને', 'તા', 'તી', 'તો', 'તું', 'તાં', 'વા', 'વી', 'વો', 'વાનું',
  'વાની', 'વાના', 'વાનો', 'ેલ', 'ેલું', 'ેલો', 'ેલી', 'ેલા', 'નાર', 'ીશ', 'શે',
]);

export interface WordForms {
  stem: string;
  endings: ReadonlySet<string>;
}

// Words that agree in gender and number: Hindi -ा/-े/-ी (वाला, वाले, वाली), Gujarati -ો/-ા/-ી/-ું (ખોટો, ખોટા, ખોટી, ખોટું).
const HINDI_AGREEMENT = new Set(['ा', 'े', 'ी', 'ों', 'ीं']);
const GUJARATI_AGREEMENT = new Set(['ો', 'ા', 'ી', 'ું', 'ાં']);

/** The stem of a Hindi (-ना) or Gujarati (-વું) infinitive, or null for any other word. */
export function infinitive(word: string): WordForms | null {
  const hindi = /^([\u0900-\u097F]{2,})ना$/u.exec(word);
  if (hindi) return { stem: hindi[1], endings: HINDI_ENDINGS };
  const gujarati = /^([\u0A80-\u0AFF]{2,})વું$/u.exec(word);
  if (gujarati) return { stem: gujarati[1], endings: GUJARATI_ENDINGS };
  return null;
}

/**
 * A word's other forms: an infinitive's, else the agreement forms of a word ending in -ा (Hindi) or
 * -ો/-ા/-ી/-ું (Gujarati): हत्या की कोटि में न आने वाला also reads "… आने वाले", ખોટો દસ્તાવેજ "ખોટા દસ્તાવેજ".
 */
export function inflections(word: string): WordForms | null {
  const verb = infinitive(word);
  if (verb) return verb;
  const hindi = /^([\u0900-\u097F]{2,})ा$/u.exec(word);
  if (hindi) return { stem: hindi[1], endings: HINDI_AGREEMENT };
  const gujarati = /^([\u0A80-\u0AFF]{2,})(?:ો|ા|ી|ું)$/u.exec(word);
  if (gujarati) return { stem: gujarati[1], endings: GUJARATI_AGREEMENT };
  return null;
}

/** Whether a text word is one of the forms: the stem and one listed ending, nothing more. */
export function isInflection(forms: WordForms, word: string): boolean {
  return word.startsWith(forms.stem) && forms.endings.has(word.slice(forms.stem.length));
}
