/**
 * Statute-citation extractor, used on documents at ingestion and on search queries. Finds "u/s 302/34 IPC",
 * "धारा 147, 148, 149 व 302 भादवि", "બીએનએસ કલમ 303(2)" and the like, and returns one normalised citation per
 * section. The vocabulary is in aliases.ts, the regexes in patterns.ts, list and code logic in lists.ts.
 *
 * A number is only a citation if a section word or a code name stands next to it: years, FIR numbers, amounts,
 * phone and vehicle numbers never are.
 */
import { sectionId, StatuteCode } from '../domain/codes';
import { normaliseDigits } from '../text/normalise';
import type { Family } from './aliases';
import { ListItem, NumToken, resolveLists } from './lists';
import { tokenize } from './tokenize';

export { normaliseDigits };

export interface Citation {
  /** Normalised "CODE:NUMBER", e.g. "IPC:498A"; the sub-section is never part of it. */
  id: string;
  code: StatuteCode;
  number: string;
  /** "1" for BNS 103(1); clauses after it ("(n)" in 376(2)(n)) are dropped. */
  subsection?: string;
  /** The text named no code (or only a name shared by old and new codes) and the document date decided it. */
  inferred: boolean;
  /** The section number as written, e.g. "498-ए", "103(1)"; for the inside of an expanded range, the whole range. */
  raw: string;
  start: number;
  end: number;
}

export interface ExtractOptions {
  /** ISO date (YYYY-MM-DD) of the document; decides IPC vs BNS (etc.) when the text names no code. */
  date?: string;
  /** The family a bare "Section 438" belongs to when the text doesn't say; penal unless told. */
  defaultFamily?: Family;
}

/** A range is only spelled out when it is short enough to be a real run of sections ("147 to 149"). */
const MAX_RANGE_SPAN = 10;

export function extractCitations(text: string, opts: ExtractOptions = {}): Citation[] {
  // Digit normalisation keeps every offset, so matches in `normalised` are matches in `text`.
  const normalised = normaliseDigits(text);
  const tokens = tokenize(normalised);
  const seen = new Set<string>();
  const out: Citation[] = [];

  const add = (code: StatuteCode, inferred: boolean, number: string, subsection: string | undefined, start: number, end: number) => {
    const id = sectionId(code, number);
    const key = `${id}|${subsection ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    const citation: Citation = { id, code, number: number.toUpperCase(), inferred, raw: text.slice(start, end), start, end };
    if (subsection !== undefined) citation.subsection = subsection;
    out.push(citation);
  };
  const addNumber = (code: StatuteCode, inferred: boolean, n: NumToken) => add(code, inferred, n.number, n.subsection, n.start, n.end);

  for (const { items, code, inferred } of resolveLists(tokens, normalised, opts)) {
    for (const item of items) {
      const [from, to] = item;
      addNumber(code, inferred, from);
      if (!to) continue;
      if (isExpandable(item)) {
        for (let v = from.value + 1; v < to.value; v++) add(code, inferred, String(v), undefined, from.start, to.end);
      }
      addNumber(code, inferred, to);
    }
  }
  return out;
}

function isExpandable([from, to]: ListItem): boolean {
  return from.plain && to.plain && to.value > from.value && to.value - from.value <= MAX_RANGE_SPAN;
}
