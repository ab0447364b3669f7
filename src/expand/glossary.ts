import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { parseSectionId } from '../domain/codes';
import { fromRoot } from '../util/paths';
import { gujaratiToDevanagari } from '../text/script';
import { foldIndic } from '../text/fold';
import { normaliseText, words } from '../text/normalise';
import { ENGLISH_FUNCTION_WORDS, stem } from '../text/stem';
import { inflections, isInflection, type WordForms } from '../text/inflect';
import { INDIC_STOPWORDS } from '../text/stopwords';

export interface GlossaryEntry {
  id: string;
  en: string[];
  hi: string[];
  gu: string[];
  sections: string[];
  kind: string;
}

export interface GlossaryMatch {
  entry: GlossaryEntry;
  /** The glossary form found in the text. */
  term: string;
  /** How many words of the text it covers: longer matches are more specific. */
  length: number;
}

const split = (s: string | undefined) => (s ?? '').split(';').map((t) => normaliseText(t)).filter(Boolean);

/** Words as the matcher compares them: function words dropped, English stemmed, Indic in its folded spelling. */
export function matchTokens(text: string): string[] {
  return words(text)
    .map(foldIndic)
    .filter((w) => !ENGLISH_FUNCTION_WORDS.has(w) && !INDIC_STOPWORDS.has(w))
    .map((w) => (/^[a-z]+$/.test(w) ? stem(w) : w));
}

interface Matcher {
  term: string;
  tokens: string[];
  /** The tokens in Devanagari, for Gujarati text (the identity for every other script). */
  bridged: string[];
  /** In terms of several words, each word's other forms (जहर देना also reads जहर देकर; see inflections). */
  forms: (WordForms | null)[];
  entry: GlossaryEntry;
}

/** Every prefix of a word: a term word can only match a text word it is a prefix of (or equals). */
function prefixes(word: string): string[] {
  const out: string[] = [];
  for (let n = 1; n <= word.length; n++) out.push(word.slice(0, n));
  return out;
}

/** A term word matches a text word exactly (English, digits) or as its start (Hindi/Gujarati inflect by suffix). */
function wordMatches(termWord: string, textWord: string): boolean {
  if (termWord === textWord) return true;
  return !/^[a-z0-9]+$/.test(termWord) && [...termWord].length >= 2 && textWord.startsWith(termWord);
}

/**
 * Two offence terms that share words without one holding the other ("રાત્રે ઘરફોડ" and "ઘરફોડ ચોરી" in
 * "રાત્રે ઘરફોડ ચોરી": house-breaking by night, and house-breaking theft) both say what happened; a term
 * wholly inside another ("murder" in "attempt to murder") still does not.
 */
function chains(m: Matcher, i: number, taken: (string | null)[]): boolean {
  if (m.entry.kind !== 'offence') return false;
  const span = taken.slice(i, i + m.tokens.length);
  return span.some((k) => k === null) && span.every((k) => k === null || k === 'offence');
}

/**
 * The en/hi/gu legal glossary (seeds/glossary/legal_terms.csv): translates query terms across the three
 * languages and maps offence words to sections in both codes. Terms match as word sequences, ignoring
 * function words ("theft in a dwelling house" finds "theft in dwelling house"), with English words stemmed
 * and Gujarati also compared in its Devanagari transliteration.
 */
export class Glossary {
  private readonly bySection = new Map<string, GlossaryEntry[]>();
  private readonly matchers: Matcher[] = [];
  /** Matchers by their first word (also in Devanagari), so a text is compared only with terms that can start in it. */
  private readonly byFirstWord = new Map<string, number[]>();

  constructor(readonly entries: GlossaryEntry[]) {
    for (const e of entries) {
      for (const s of e.sections) this.bySection.set(s, [...(this.bySection.get(s) ?? []), e]);
      for (const term of new Set([...e.en, ...e.hi, ...e.gu])) {
        const tokens = matchTokens(term);
        if (!tokens.length) continue;
        // Only in terms of several words, where the others hold the sense: alone, a word's other forms stray
        // (Gujarati ચોરી, theft, would meet ચોરો, thieves).
        const forms = tokens.map((t) => (tokens.length > 1 ? inflections(t) : null));
        this.matchers.push({ term, tokens, bridged: tokens.map(gujaratiToDevanagari), forms, entry: e });
      }
    }
    // Most specific first: more words, then more letters.
    this.matchers.sort((a, b) => b.tokens.length - a.tokens.length || b.term.length - a.term.length);
    this.matchers.forEach((m, i) => {
      for (const key of new Set([m.tokens[0], m.bridged[0], m.forms[0]?.stem ?? m.tokens[0]])) {
        const list = this.byFirstWord.get(key);
        if (list) list.push(i);
        else this.byFirstWord.set(key, [i]);
      }
    });
  }

  static load(file = fromRoot('seeds', 'glossary', 'legal_terms.csv')): Glossary {
    if (!fs.existsSync(file)) return new Glossary([]);
    const rows: Record<string, string>[] = parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true });
    return new Glossary(rows.map((r) => ({
      id: r.id, en: split(r.term_en).map((t) => t.toLowerCase()), hi: split(r.term_hi), gu: split(r.term_gu),
      sections: (r.sections ?? '').split(';').map((s) => s.trim()).filter((s) => parseSectionId(s)),
      kind: r.kind ?? 'general',
    })));
  }

  entriesForSection(sectionId: string): GlossaryEntry[] {
    return this.bySection.get(sectionId) ?? [];
  }

  /**
   * Entries whose terms occur in the text, most specific first; words claimed by a longer term are not reused.
   * Each term is tried, in order of specificity, at the positions where its first word can match, earliest first.
   */
  match(text: string): GlossaryMatch[] {
    const tokens = matchTokens(text);
    const bridged = tokens.map(gujaratiToDevanagari);
    const starts = new Map<number, number[]>();
    tokens.forEach((token, i) => {
      for (const key of new Set([...prefixes(token), ...prefixes(bridged[i])])) {
        for (const m of this.byFirstWord.get(key) ?? []) {
          const at = starts.get(m) ?? [];
          if (at[at.length - 1] !== i) at.push(i);
          starts.set(m, at);
        }
      }
    });
    /** The kind of the entry whose term took each word, once taken. */
    const taken = new Array<string | null>(tokens.length).fill(null);
    // A form that several entries of one kind share (Gujarati ખંડણી is extortion money and ransom) reads as all
    // of them: the words it took stay open to the same form at the same place. Across kinds (a word that is an
    // offence and a person) the most specific entry keeps it, as for any other overlap.
    const claims = new Set<string>();
    const out: GlossaryMatch[] = [];
    const seen = new Set<string>();
    for (const index of [...starts.keys()].sort((a, b) => a - b)) {
      const m = this.matchers[index];
      const n = m.tokens.length;
      const shared = `${m.entry.kind}:${m.tokens.join(' ')}`;
      for (const i of starts.get(index)!) {
        if (i + n > tokens.length) break;
        const reclaim = claims.has(`${i}:${shared}`) || chains(m, i, taken);
        let ok = true;
        for (let j = 0; j < n && ok; j++) {
          const form = m.forms[j];
          ok = (reclaim || !taken[i + j]) &&
            (wordMatches(m.tokens[j], tokens[i + j]) || wordMatches(m.bridged[j], bridged[i + j]) || (form !== null && isInflection(form, tokens[i + j])));
        }
        if (!ok) continue;
        claims.add(`${i}:${shared}`);
        for (let j = 0; j < n; j++) taken[i + j] ??= m.entry.kind;
        if (!seen.has(m.entry.id)) {
          seen.add(m.entry.id);
          out.push({ entry: m.entry, term: m.term, length: n });
        }
        break;
      }
    }
    return out;
  }
}
