import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { parseSectionId } from '../domain/codes';
import { fromRoot } from '../util/paths';
import { gujaratiToDevanagari } from '../text/script';
import { normaliseText, words } from '../text/normalise';
import { ENGLISH_FUNCTION_WORDS, stem } from '../text/stem';
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

/** Words as the matcher compares them: function words dropped, English stemmed, Indic kept whole. */
export function matchTokens(text: string): string[] {
  return words(text)
    .filter((w) => !ENGLISH_FUNCTION_WORDS.has(w) && !INDIC_STOPWORDS.has(w))
    .map((w) => (/^[a-z]+$/.test(w) ? stem(w) : w));
}

interface Matcher {
  term: string;
  tokens: string[];
  entry: GlossaryEntry;
}

/** A term word matches a text word exactly (English, digits) or as its start (Hindi/Gujarati inflect by suffix). */
function wordMatches(termWord: string, textWord: string): boolean {
  if (termWord === textWord) return true;
  return !/^[a-z0-9]+$/.test(termWord) && [...termWord].length >= 2 && textWord.startsWith(termWord);
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

  constructor(readonly entries: GlossaryEntry[]) {
    for (const e of entries) {
      for (const s of e.sections) this.bySection.set(s, [...(this.bySection.get(s) ?? []), e]);
      for (const term of new Set([...e.en, ...e.hi, ...e.gu])) {
        const tokens = matchTokens(term);
        if (tokens.length) this.matchers.push({ term, tokens, entry: e });
      }
    }
    // Most specific first: more words, then more letters.
    this.matchers.sort((a, b) => b.tokens.length - a.tokens.length || b.term.length - a.term.length);
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

  /** Entries whose terms occur in the text, most specific first; words claimed by a longer term are not reused. */
  match(text: string): GlossaryMatch[] {
    const tokens = matchTokens(text);
    const bridged = tokens.map(gujaratiToDevanagari);
    const taken = new Array<boolean>(tokens.length).fill(false);
    const out: GlossaryMatch[] = [];
    const seen = new Set<string>();
    for (const m of this.matchers) {
      const n = m.tokens.length;
      for (let i = 0; i + n <= tokens.length; i++) {
        let ok = true;
        for (let j = 0; j < n && ok; j++) {
          ok = !taken[i + j] && (wordMatches(m.tokens[j], tokens[i + j]) || wordMatches(gujaratiToDevanagari(m.tokens[j]), bridged[i + j]));
        }
        if (!ok) continue;
        for (let j = 0; j < n; j++) taken[i + j] = true;
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
