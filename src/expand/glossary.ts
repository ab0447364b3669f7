import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { parseSectionId } from '../domain/codes';
import { fromRoot } from '../util/paths';
import { gujaratiToDevanagari } from '../text/script';
import { normaliseText } from '../text/normalise';

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
  /** The form found in the text. */
  term: string;
}

const split = (s: string | undefined) => (s ?? '').split(';').map((t) => normaliseText(t)).filter(Boolean);

/**
 * The en/hi/gu legal glossary (seeds/glossary/legal_terms.csv): translates query terms across the three
 * languages and maps offence words to sections in both codes. Matching is on normalised text; Gujarati
 * terms are also matched in their Devanagari transliteration, which is how Hindi-leaning spellings meet.
 */
export class Glossary {
  private readonly bySection = new Map<string, GlossaryEntry[]>();
  /** Longest terms first, so "grievous hurt" wins over "hurt". */
  private readonly matchers: { term: string; re: RegExp; entry: GlossaryEntry }[] = [];

  constructor(readonly entries: GlossaryEntry[]) {
    for (const e of entries) {
      for (const s of e.sections) this.bySection.set(s, [...(this.bySection.get(s) ?? []), e]);
      for (const term of new Set([...e.en, ...e.hi, ...e.gu])) {
        this.matchers.push({ term, re: termPattern(term), entry: e });
      }
    }
    this.matchers.sort((a, b) => b.term.length - a.term.length);
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

  /** Entries whose terms occur in the text, longest first; a span claimed by a longer term is not reused. */
  match(text: string): GlossaryMatch[] {
    const norm = normaliseText(text).toLowerCase();
    const hay = [norm, gujaratiToDevanagari(norm)];
    const taken: [number, number][] = [];
    const out: GlossaryMatch[] = [];
    const seen = new Set<string>();
    for (const m of this.matchers) {
      for (const h of hay) {
        m.re.lastIndex = 0;
        const hit = m.re.exec(h);
        if (!hit) continue;
        const span: [number, number] = [hit.index, hit.index + hit[0].length];
        if (taken.some(([a, b]) => span[0] < b && a < span[1])) continue;
        taken.push(span);
        if (!seen.has(m.entry.id)) {
          seen.add(m.entry.id);
          out.push({ entry: m.entry, term: m.term });
        }
        break;
      }
    }
    return out;
  }
}

/**
 * English terms match on word boundaries ("theft" not inside "thefts"? — plural allowed with an optional s);
 * Indic terms match as a prefix of a word, since Hindi and Gujarati inflect by suffix (हत्या → हत्याओं).
 */
function termPattern(term: string): RegExp {
  const esc = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  if (/[a-z]/.test(term)) return new RegExp(`(?<![\\p{L}\\p{M}])${esc}(?:s|es)?(?![\\p{L}\\p{M}])`, 'u');
  return new RegExp(`(?<![\\p{L}\\p{M}])${esc}`, 'u');
}
