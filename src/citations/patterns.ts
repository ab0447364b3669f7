/**
 * Regexes for the tokeniser, built from the tables in aliases.ts. Every regex is sticky (`y`): the tokeniser asks
 * "what starts exactly here?" and never lets a regex search ahead. All run on digit-normalised text (see
 * normaliseDigits), so they only need ASCII digits.
 */
import {
  ACT_NAME_NON_STARTERS,
  ACT_NAME_STOPWORDS,
  BLOCKERS,
  CODE_ALIASES,
  CodeRef,
  FILLERS,
  GUJARATI_ACT_STOPWORDS,
  HINDI_ACT_STOPWORDS,
  INDIC_SECTION_LETTERS,
  LIST_JOINERS,
  RANGE_JOINERS,
  READ_WITH_JOINERS,
  SECTION_WORDS,
  SHORT_SECTION_WORDS,
  UNITS,
} from './aliases';

/** Letters and combining marks (matras, viramas, nuktas) are word characters in all three scripts; \b knows none. */
const START = '(?<![\\p{L}\\p{M}])';
const END = '(?![\\p{L}\\p{M}])';
const INDIC = /[\u0900-\u0DFF]/;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function wordSource(word: string): string {
  return word
    .split(/(\[[^\]]*\])/)
    .filter(Boolean)
    .map((p) => (p.startsWith('[') ? `(?:${escapeRegex(p.slice(1, -1))})?` : escapeRegex(p)))
    .join('');
}

/** One alias in the notation described in aliases.ts → regex source. */
export function aliasSource(alias: string): string {
  if (!alias.includes('.')) return alias.trim().split(/\s+/).map(wordSource).join('\\s+');
  // Hindi and Gujarati typists often use the zero "०" as an abbreviation dot (भा०दं०सं०).
  const dot = INDIC.test(alias) ? '[.0]' : '\\.';
  const parts = alias.split('.').map((p) => p.trim()).filter(Boolean);
  // A space alone may separate only after a multi-letter part ("Cr PC"); "BNS S. 35" must stay BNS, not BNSS.
  const sep = (part: string) => (part.length > 1 ? `(?:${dot}\\s?|\\s)?` : `(?:${dot}\\s?)?`);
  return parts.map((p, i) => wordSource(p) + (i < parts.length - 1 ? sep(p) : `${dot}?`)).join('');
}

/** Longest source first, so that an alternation prefers "BNSS" to "BNS" where both could match. */
function anyOf(sources: string[]): string {
  return [...sources].sort((a, b) => b.length - a.length).join('|');
}

const isWordSource = (s: string) => /^\p{L}/u.test(s);

/** Word-like alternatives get word boundaries; punctuation ("," "/" "-" "₹") doesn't need them. */
function bounded(sources: string[]): string {
  const words = sources.filter(isWordSource);
  const marks = sources.filter((s) => !isWordSource(s));
  return [`${START}(?:${anyOf(words)})${END}`, ...marks].join('|');
}

const sticky = (source: string, flags = 'iu') => new RegExp(source, `${flags}y`);

/** "Indian Penal Code, 1860", "भारतीय साक्ष्य अधिनियम 2023": the year is part of the name (and decides old vs new). */
const YEAR = '(?:\\s*[,–-]?\\s*((?:18|19|20)\\d\\d)(?!\\d))?';
/**
 * Gujarati glues its postpositions to names ("ઈ.પી.કો.ની કલમ 302", "ભારતીય ન્યાય સંહિતાની કલમ 103"): the name
 * token takes them in, since a filler word cannot start inside a word. A hyphen or colon glued to a number
 * belongs to the name ("IPC-302", "IPC:302").
 */
const CODE_END = '(?:ની|ના|નો|નું|ને|માં)?(?![\\p{L}\\p{M}])(?:[-:](?=\\d))?';

export interface CodePattern {
  ref: CodeRef;
  regex: RegExp;
  /**
   * Characters (in either case) a match can start with, so the tokeniser can skip most patterns at most words. Absent
   * for the catch-all "… Act" patterns, which instead only run where an act word follows soon (ACT_WORD).
   */
  firstChars?: Set<string>;
}

function wordsExcept(stop: string[]): string {
  return `(?:${stop.join('|')})(?![\\p{L}\\p{M}])`;
}

const LATIN_ACT_WORD = "[\\p{L}(][\\p{L}\\p{N}.&'’()/-]*";
const LATIN_STOP = wordsExcept(ACT_NAME_STOPWORDS);
const INDIC_ACT_WORD = '[\\p{L}\\p{M}.\\/()]+';
const HINDI_ACT_WORDS = ['अधिनियम', 'एक्ट', 'ऐक्ट'];
const GUJARATI_ACT_WORDS = ['એક્ટ', 'અધિનિયમ', 'ધારો', 'કાયદો'];

function indicActSource(stop: string[], actWords: string[]): string {
  const s = wordsExcept(stop);
  return `${START}(?:(?!${s})${INDIC_ACT_WORD}\\s+)?(?!${s})${INDIC_ACT_WORD}\\s*(?:${actWords.join('|')})${YEAR}${END}`;
}

/** Where a catch-all act name could end; a catch-all match is at most seven words, so ACT_REACH characters. */
export const ACT_WORD = new RegExp(`act|${[...HINDI_ACT_WORDS, ...GUJARATI_ACT_WORDS].join('|')}`, 'giu');
export const ACT_REACH = 160;

const firstChars = (aliases: string[]) => new Set(aliases.flatMap((a) => [a[0].toLowerCase(), a[0].toUpperCase()]));

/** Named codes and acts first, then the catch-alls for any other "… Act" (tried only where no name matched). */
export const CODE_PATTERNS: CodePattern[] = [
  ...CODE_ALIASES.map(({ ref, aliases }) => ({
    ref,
    regex: sticky(`${START}(?:${anyOf(aliases.map(aliasSource))})${YEAR}${CODE_END}`),
    firstChars: firstChars(aliases),
  })),
  {
    ref: { kind: 'foreign' },
    regex: sticky(
      `${START}(?!${wordsExcept(ACT_NAME_NON_STARTERS)})(?!${LATIN_STOP})${LATIN_ACT_WORD}` +
        `(?:\\s+(?!${LATIN_STOP})${LATIN_ACT_WORD}){0,5}\\s+act${YEAR}${END}`,
    ),
  },
  { ref: { kind: 'foreign' }, regex: sticky(indicActSource(HINDI_ACT_STOPWORDS, HINDI_ACT_WORDS)) },
  { ref: { kind: 'foreign' }, regex: sticky(indicActSource(GUJARATI_ACT_STOPWORDS, GUJARATI_ACT_WORDS)) },
];

export const SECTION_WORD = sticky(
  `${START}(?:${anyOf(SECTION_WORDS)}|(?:${anyOf(SHORT_SECTION_WORDS)})(?=\\s*[-:]?\\s*\\d))${END}` +
    '(?:\\s*no\\.?(?=\\s*\\d))?(?:\\s*[-:–]+(?=\\s*\\d))?',
);

/** Capture group 1: list joiner, 2: range joiner, 3: "read with". */
export const JOINER = sticky(`(${bounded(LIST_JOINERS)})|(${bounded(RANGE_JOINERS)})|(${bounded(READ_WITH_JOINERS)})`);
export const FILLER = sticky(`${START}(?:${anyOf(FILLERS)})${END}`);
export const BLOCKER = sticky(bounded(BLOCKERS));
export const UNIT = sticky(bounded(UNITS));

/** Dates, times and decimals ("12.05.2024", "21:40", "3.5"); consumed whole so no part of them looks like a section. */
export const NOT_A_SECTION = [
  sticky('\\d+(?:[.:]\\d+)+'),
  sticky('(?:0?[1-9]|[12]\\d|3[01])([/-])(?:0?[1-9]|1[0-2])\\1(?:\\d{4}|\\d{2})(?!\\d)'),
];

const indicLetters = anyOf(Object.keys(INDIC_SECTION_LETTERS));
const indicSecondLetters = anyOf(Object.entries(INDIC_SECTION_LETTERS).filter(([, v]) => v === 'A' || v === 'B').map(([k]) => k));
const NOT_AFTER_SUFFIX = '(?![\\p{L}\\p{M}\\p{N}.])';
const CLAUSE = '\\s?\\(\\s?(?:\\d{1,3}(?:-?[A-Za-z])?|[a-z]{1,5}|[A-Z]{1,2}|[\\u0900-\\u097F\\u0A80-\\u0AFF]{1,3})\\s?\\)';

/**
 * A section number: 1–3 digits, an optional letter suffix, then sub-section and clause brackets.
 * Groups: 1 digits; 2 Latin suffix glued or after a hyphen ("498A", "304-b"); 3 Latin suffix after a space, capitals
 * only ("498 A", but not "302 a case" or "302 I.P.C."); 4–5 Indic suffix ("498-ए", "376डीए"); 6 letter in the
 * first bracket ("498(ક)"); 7 sub-section ("103(1)").
 */
export const SECTION_NUMBER = sticky(
  '([1-9]\\d{0,2})(?!\\d)' +
    `(?:(?:\\s?[-–]\\s?)?([A-Ia-i][ABab]?)(?![\\p{L}\\p{M}\\p{N}])` +
    `|\\s([A-H][AB]?)${NOT_AFTER_SUFFIX}` +
    `|\\s?[-–]?\\s?(${indicLetters})(${indicSecondLetters})?${NOT_AFTER_SUFFIX})?` +
    `(?:\\s?\\(\\s?(?:([A-H]|${indicLetters})|(\\d{1,3}(?:-?[A-Za-z])?))\\s?\\))?` +
    `(?:${CLAUSE})*` +
    // "304 Part II IPC": the two parts of section 304 share its number.
    '(?:\\s[Pp]art[-\\s]?(?:II|I|2|1)(?![\\p{L}\\p{N}]))?',
  'u',
);

export const WHITESPACE = sticky('\\s+');

/**
 * Every letter a name, section word, joiner, filler, blocker or unit can start with. A word starting with any other
 * letter is plain text, and the tokeniser skips it without trying each pattern (unless an act name may follow).
 */
export const WORD_STARTS = new Set(
  [
    ...CODE_ALIASES.flatMap((e) => e.aliases),
    ...SECTION_WORDS,
    ...SHORT_SECTION_WORDS,
    ...LIST_JOINERS,
    ...RANGE_JOINERS,
    ...READ_WITH_JOINERS,
    ...FILLERS,
    ...BLOCKERS,
    ...UNITS,
  ]
    .filter(isWordSource)
    .flatMap((s) => [s[0].toLowerCase(), s[0].toUpperCase()]),
);
export const OTHER = sticky('[\\p{L}\\p{M}\\p{N}_]+|[^\\s]');
