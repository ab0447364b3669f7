import fs from 'node:fs';
import { fromRoot } from '../util/paths';
import { devanagariToGujarati, gujaratiToDevanagari } from './script';

/**
 * Hindi typed in Latin letters ("raat kareeb 10 baje ghar mein ghus kar maara"), as complaints are typed on phones.
 * The embedder reads it far worse than the same words in Devanagari (design hold-out, romanised Hindi: R@10 0.41
 * against 0.80 for Devanagari Hindi), and the keyword stage and the Hindi lexicon never match it. Each Latin word is
 * read as the Devanagari word of the shipped Hindi text whose sound it spells; words with no such reading (English
 * words, names, "Redmi phone") stay as typed.
 */

/**
 * Function words of Hindi, as romanised, that are not English words: three or more of them making a sixth of the
 * text's words, or two making a fifth (a short question: "bail kaise milti hai"), and the text is Hindi. ("to", "do",
 * "the", "main", "par", "use", "tab" are left out: English has them too.)
 */
const HINDI_FUNCTION_WORDS = new Set([
  'hai', 'hain', 'ka', 'ki', 'ke', 'ko', 'se', 'ne', 'mein', 'mai', 'aur', 'tha', 'thi', 'thay', 'nahi', 'nahin', 'kya',
  'kaise', 'kyun', 'kyon', 'mera', 'meri', 'mere', 'uska', 'uski', 'uske', 'unka', 'unki', 'unke', 'humne', 'maine',
  'usne', 'unhone', 'karke', 'kar', 'raha', 'rahi', 'rahe', 'gaya', 'gayi', 'gaye', 'liya', 'diya', 'wala', 'wale',
  'wali', 'bhi', 'jab', 'abhi', 'aaj', 'koi', 'kuch', 'yeh', 'ye', 'woh', 'wo', 'vo', 'agar', 'lekin', 'toh',
  'hota', 'hoti', 'hote', 'sakta', 'sakti', 'sakte', 'lagegi', 'lagega', 'kaunsi', 'kaun', 'kab', 'kahan', 'baad',
  'pehle', 'saath', 'liye', 'apne', 'apni', 'apna', 'hum', 'hamare', 'hamara', 'humara', 'hamari', 'unhe',
]);
/** Distinct function words, and the share of the text's words they make, either of which tells Hindi. */
const HINDI_EVIDENCE = [{ distinct: 3, share: 1 / 6 }, { distinct: 2, share: 1 / 5 }];

/**
 * Function words of Gujarati, as romanised ("maara ghar ma chori thai chhe"), that are neither English nor Hindi words
 * ("ne", "na", "ke", "koi" are both Gujarati and Hindi, so they tell neither).
 */
const GUJARATI_FUNCTION_WORDS = new Set([
  'che', 'chhe', 'chhu', 'chu', 'chho', 'hatu', 'hati', 'hata', 'hato', 'ane', 'ma', 'maa', 'thi', 'nu', 'nathi', 'mane', 'tamne',
  'amne', 'maru', 'mari', 'mara', 'maro', 'maara', 'maari', 'maaru', 'amaru', 'amari', 'amara', 'amaro', 'tamaru', 'tamari',
  'tenu', 'teni', 'tene', 'tena', 'teno', 'temne', 'temna', 'enu', 'eni', 'ena', 'eno', 'emne', 'kem', 'shu', 'su', 'kevi', 'kevu',
  'kyare', 'pan', 'pachhi', 'pachi', 'sathe', 'mate', 'karyu', 'karvu', 'karva', 'karine', 'kari', 'lidhu', 'lidha', 'lidhi',
  'didhu', 'didha', 'aapyu', 'aapya', 'aavyo', 'aavya', 'aavi', 'javu', 'thay', 'thai', 'thayu', 'thaya', 'hoy', 'etle', 'kai',
  'kayi', 'kaik', 'pase', 'paase', 'gayo', 'gayu', 'rahyo', 'rahya', 'sakay', 'shakay', 'shake', 'joie', 'joiye', 'kone', 'kyaa',
  'tyare', 'jyare', 'hu', 'ame', 'tame', 'te', 'mathi', 'lidho', 'didho', 'aavyu', 'hase', 'tamara', 'pote',
  // The genitive "ni" (Hindi says "ki"), "cho" (are), quantity words, the future in -se/-she and the gerund in -vu/-vi/-vo
  // ("karvu", "karvanu": what has to be done), which Hindi spells -na/-ni.
  'ni', 'cho', 'ketla', 'ketli', 'ketlo', 'ketlu', 'vage', 'sudhi', 'vakhte', 'vishe', 'karvi', 'karvo', 'karvanu', 'karvani',
  'karavvu', 'karavvi', 'levanu', 'levani', 'devanu', 'devani', 'javanu', 'thase', 'thashe', 'malse', 'malshe', 'jashe',
  'aavshe', 'karshe', 'karel', 'karelo', 'kareli', 'karelu', 'kahyu', 'malyu', 'malyo', 'thayo', 'chhata', 'tya', 'ahiya',
]);

/** Function words both languages write alike in Latin letters. */
const SHARED_FUNCTION_WORDS = new Set(['ne', 'ke', 'koi', 'thi', 'nahi']);
/** Hindi's function words without them: what the comparison with Gujarati counts for Hindi. */
const HINDI_ONLY_FUNCTION_WORDS = new Set([...HINDI_FUNCTION_WORDS].filter((w) => !SHARED_FUNCTION_WORDS.has(w)));

const LATIN_WORD = /[A-Za-z]+/g;

/** Distinct function words of one language in a text's Latin words, and the share of its words they make. */
function evidence(latin: string[], words: Set<string>): { distinct: number; share: number } {
  const hits = latin.filter((w) => words.has(w));
  return { distinct: new Set(hits).size, share: latin.length ? hits.length / latin.length : 0 };
}

/** The Indian language a text in Latin letters is written in, told by its function words; null for English and the rest. */
export function romanisedLanguage(text: string): 'hi' | 'gu' | null {
  const latin = (text.match(LATIN_WORD) ?? []).map((w) => w.toLowerCase());
  if (latin.length < 3) return null;
  const hi = evidence(latin, HINDI_FUNCTION_WORDS);
  const gu = evidence(latin, GUJARATI_FUNCTION_WORDS);
  const tells = (e: { distinct: number; share: number }) => HINDI_EVIDENCE.some((x) => e.distinct >= x.distinct && e.share >= x.share);
  // Hindi's words that Gujarati uses too ("ne", "ke", "koi", "thi", "nahi") are not counted for Hindi in the comparison.
  if (tells(gu) && gu.distinct > evidence(latin, HINDI_ONLY_FUNCTION_WORDS).distinct) return 'gu';
  return tells(hi) ? 'hi' : null;
}

const CONSONANTS: Record<string, string> = {
  'क': 'k', 'ख': 'kh', 'ग': 'g', 'घ': 'gh', 'ङ': 'n', 'च': 'ch', 'छ': 'ch', 'ज': 'j', 'झ': 'jh', 'ञ': 'n', 'ट': 't', 'ठ': 'th',
  'ड': 'd', 'ढ': 'dh', 'ण': 'n', 'त': 't', 'थ': 'th', 'द': 'd', 'ध': 'dh', 'न': 'n', 'प': 'p', 'फ': 'f', 'ब': 'b', 'भ': 'bh',
  'म': 'm', 'य': 'y', 'र': 'r', 'ल': 'l', 'ळ': 'l', 'व': 'v', 'श': 'sh', 'ष': 'sh', 'स': 's', 'ह': 'h',
  'क़': 'k', 'ख़': 'kh', 'ग़': 'g', 'ज़': 'j', 'ड़': 'd', 'ढ़': 'dh', 'फ़': 'f', 'य़': 'y',
};
const VOWELS: Record<string, string> = { 'अ': 'a', 'आ': 'aa', 'इ': 'i', 'ई': 'i', 'उ': 'u', 'ऊ': 'u', 'ए': 'e', 'ऐ': 'ai', 'ओ': 'o', 'औ': 'au', 'ऋ': 'ri' };
const SIGNS: Record<string, string> = { 'ा': 'aa', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ृ': 'ri', 'ॅ': 'e', 'ॉ': 'o' };
const NASALS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h' };
const VIRAMA = '्';
const NUKTA = '़';

/** A Devanagari word as it is commonly romanised: the inherent vowel written, except at the end ("मारा" → "maaraa"). */
function romanise(word: string): string {
  const chars = [...word.normalize('NFC')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i];
    if (chars[i + 1] === NUKTA) c += chars[++i];
    const consonant = CONSONANTS[c];
    if (consonant === undefined) {
      out += VOWELS[c] ?? SIGNS[c] ?? NASALS[c] ?? '';
      continue;
    }
    out += consonant;
    const next = chars[i + 1];
    if (next !== undefined && next !== VIRAMA && !(next in SIGNS)) out += 'a';
  }
  return out;
}

/** Spelling variants folded alike on both sides: long vowels doubled or not, "w"/"v", "ph"/"f", doubled consonants. */
const spelling = (s: string) => s
  .replace(/ee|ii/g, 'i').replace(/oo|uu/g, 'u').replace(/chh/g, 'ch').replace(/ph/g, 'f').replace(/w/g, 'v').replace(/z/g, 'j')
  .replace(/q/g, 'k').replace(/x/g, 'ks').replace(/c(?!h)/g, 'k').replace(/ei/g, 'e')
  .replace(/([b-df-hj-np-tv-z])\1+/g, '$1').replace(/(ch|kh|gh|jh|th|dh|bh|sh)\1+/g, '$1');

/**
 * Other ways the same word is commonly typed, tried in turn when the spelling as typed reads as no word: a final
 * nasal written or not ("dono" / दोनों), "eh" for अह ("pehle" / पहले), "u" for the inherent vowel ("hum" / हम).
 */
const variants = (spelt: string): string[] => [
  spelt.endsWith('n') ? spelt.slice(0, -1) : `${spelt}n`,
  spelt.replace(/eh(?![aeiou])/g, 'ah'),
  spelt.replace(/u/g, 'a'),
];

/** The key words are looked up by: the consonants and the vowels other than "a", which romanisers drop or double at will. */
const skeleton = (spelt: string) => spelt.replace(/ai|ae/g, 'e').replace(/au|ou/g, 'o').replace(/a/g, '').replace(/([a-z])\1+/g, '$1');

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

interface Reading {
  word: string;
  spelt: string;
  count: number;
}

const DEVANAGARI_WORD = /[\u0900-\u0963\u0966-\u097f]+/g;
const GUJARATI_WORD = /[\u0a80-\u0ae3\u0ae6-\u0aff]+/g;

export class Transliterator {
  private constructor(private readonly byKey: Map<string, Reading[]>) {}

  /** The Devanagari words of `texts`, each under the key of its romanised spelling, with how often it occurs. */
  static fromTexts(texts: Iterable<string>): Transliterator {
    const counts = new Map<string, number>();
    for (const t of texts) for (const w of t.match(DEVANAGARI_WORD) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    const byKey = new Map<string, Reading[]>();
    for (const [word, count] of counts) {
      const spelt = spelling(romanise(word));
      const key = skeleton(spelt);
      if (!key) continue;
      const list = byKey.get(key) ?? [];
      list.push({ word, spelt, count });
      byKey.set(key, list);
    }
    return new Transliterator(byKey);
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * The Devanagari word a romanised word spells, or null: among the words of the same key (or of a variant's, when
   * none has it), the one spelt most alike, the more frequent on a near tie.
   */
  word(latin: string): string | null {
    const typed = spelling(latin.toLowerCase());
    if (!skeleton(typed)) return null;
    const spelt = [typed, ...variants(typed)].find((v) => this.byKey.has(skeleton(v)));
    if (spelt === undefined) return null;
    const readings = this.byKey.get(skeleton(spelt))!;
    let best: Reading | null = null;
    let bestCost = Infinity;
    for (const r of readings) {
      const cost = editDistance(r.spelt, spelt) - 0.5 * Math.log10(r.count);
      if (cost < bestCost || (cost === bestCost && best && r.word < best.word)) {
        best = r;
        bestCost = cost;
      }
    }
    return best?.word ?? null;
  }

  /** The text with every Latin word that spells a known Hindi word written in Devanagari. */
  toDevanagari(text: string): string {
    return text.replace(LATIN_WORD, (w) => this.word(w) ?? w);
  }
}

/**
 * The shipped text the readings come from, never the query sets: the labelled examples (screened of evaluation
 * queries), the glossary, the Hindi correspondence tables and the investigation steps for Hindi; the examples and the
 * glossary for Gujarati.
 */
const SOURCES: { file: string; gujarati: boolean }[] = [
  { file: fromRoot('seeds', 'examples', 'examples.jsonl'), gujarati: true },
  { file: fromRoot('seeds', 'glossary', 'legal_terms.csv'), gujarati: true },
  { file: fromRoot('seeds', 'glossary', 'offence_elements.csv'), gujarati: true },
  { file: fromRoot('seeds', 'correspondence', 'ipc_bns_hi_edges.csv'), gujarati: false },
  { file: fromRoot('seeds', 'correspondence', 'crpc_bnss_hi_edges.csv'), gujarati: false },
  { file: fromRoot('seeds', 'correspondence', 'iea_bsa_hi_edges.csv'), gujarati: false },
  { file: fromRoot('seeds', 'procedure', 'investigation-steps.json'), gujarati: false },
];

let shipped: { hindi: Transliterator; gujarati: Transliterator } | undefined;

/**
 * Both transliterators, built together on first use from one read of SOURCES (about 0.2 s); a missing file is
 * skipped. The Gujarati one reads the Gujarati words in Devanagari: the two blocks are parallel (ક ⇄ क), so one
 * romanisation serves both, and a reading is shifted back to Gujarati (readRomanised).
 */
export function transliterators(): { hindi: Transliterator; gujarati: Transliterator } {
  if (!shipped) {
    const texts = SOURCES.filter((s) => fs.existsSync(s.file)).map((s) => ({ text: fs.readFileSync(s.file, 'utf8'), gujarati: s.gujarati }));
    shipped = {
      hindi: Transliterator.fromTexts(texts.map((t) => t.text)),
      gujarati: Transliterator.fromTexts(texts.filter((t) => t.gujarati).map((t) => gujaratiToDevanagari((t.text.match(GUJARATI_WORD) ?? []).join(' ')))),
    };
  }
  return shipped;
}

/** The transliterator over the shipped Hindi text. */
export const hindiTransliterator = (): Transliterator => transliterators().hindi;

/** The transliterator over the shipped Gujarati text, in Devanagari. */
export const gujaratiTransliterator = (): Transliterator => transliterators().gujarati;

/** A text in romanised Hindi or Gujarati read in its own script; null when it is neither (romanisedLanguage). */
export function readRomanised(text: string): { language: 'hi' | 'gu'; text: string } | null {
  const language = romanisedLanguage(text);
  if (language === 'hi') return { language, text: hindiTransliterator().toDevanagari(text) };
  if (language === 'gu') return { language, text: devanagariToGujarati(gujaratiTransliterator().toDevanagari(text)) };
  return null;
}
