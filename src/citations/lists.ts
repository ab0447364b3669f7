/**
 * From tokens to "these numbers belong to that code". A list is a run of section numbers joined by "," "/" "and"
 * "r/w" "to" (and their Hindi and Gujarati equivalents); the whole list takes the code written right after it
 * ("302/34 IPC") or right before it ("IPC 302, 201", "IPC की धारा 302").
 */
import { codeInForce, counterpartCode, NEW_CODES_IN_FORCE, StatuteCode } from '../domain/codes';
import type { Family } from './aliases';
import type { JoinKind, Token } from './tokenize';

export type NumToken = Extract<Token, { kind: 'num' }>;

/** One number, or the two ends of a range ("147 to 149"). */
export type ListItem = NumToken[];

interface SectionList {
  items: ListItem[];
  first: number; // token index of the first number
  last: number; // token index of the last number
  /** Indexes of items that a section word introduces ("… and Section 34"). */
  sectionStarts: number[];
}

export interface ResolvedList {
  items: ListItem[];
  code: StatuteCode;
  inferred: boolean;
}

export interface ResolveOptions {
  date?: string;
  defaultFamily?: Family;
}

type Resolution = { code: StatuteCode; inferred: boolean } | 'foreign' | null;

const MAX_FILLERS = 3;

/** A number token that isn't counting something ("3 others", "10 years"). */
function sectionAt(tokens: Token[], k: number): NumToken | undefined {
  const t = tokens[k];
  return t?.kind === 'num' && tokens[k + 1]?.kind !== 'unit' ? t : undefined;
}

export function groupLists(tokens: Token[]): SectionList[] {
  const lists: SectionList[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const head = sectionAt(tokens, i);
    if (!head) continue;
    const items: ListItem[] = [[head]];
    let last = i;
    const sectionStarts: number[] = [];
    for (;;) {
      let k = last + 1;
      const joins: JoinKind[] = [];
      for (let t = tokens[k]; t?.kind === 'joiner'; t = tokens[++k]) joins.push(t.join);
      const section = joins.length > 0 && tokens[k]?.kind === 'section';
      if (section) k++;
      const next = sectionAt(tokens, k);
      if (!joins.length || !next) break;
      const prev = items[items.length - 1];
      if (joins.includes('range') && !section && prev.length === 1 && prev[0].plain && next.plain) {
        // "sentenced u/s 304 to 10 years" reads like a range but runs backwards: the list ends there.
        if (next.value <= prev[0].value) break;
        prev.push(next);
      } else {
        items.push([next]);
      }
      if (section) sectionStarts.push(items.length - 1);
      last = k;
    }
    lists.push({ items, first: i, last, sectionStarts });
    i = last;
  }
  return lists;
}

interface LeftContext {
  blocked: boolean; // "Chapter 16", "FIR No. 123", "₹ 302"
  sectionWord: boolean;
  code?: number; // token index of a code right before: "IPC 302", "IPC की धारा 302"
  /** "302 IPC r/w Section 34": a code before the joiners that lead into this list. */
  across?: { code: number; readWith: boolean };
}

function leftContext(tokens: Token[], first: number): LeftContext {
  let k = first - 1;
  if (tokens[k]?.kind === 'blocker') return { blocked: true, sectionWord: false };
  const sectionWord = tokens[k]?.kind === 'section';
  if (sectionWord) k--;
  let j = k;
  while (tokens[j]?.kind === 'filler' && k - j < MAX_FILLERS) j--;
  // Fillers alone ("IPC of 302") are too loose; with a section word ("IPC की धारा 302") they are the normal form.
  if (tokens[j]?.kind === 'code' && (sectionWord || j === k)) return { blocked: false, sectionWord, code: j };
  const joins: JoinKind[] = [];
  for (let t = tokens[k]; t?.kind === 'joiner'; t = tokens[--k]) joins.push(t.join);
  const across = joins.length && tokens[k]?.kind === 'code' ? { code: k, readWith: joins.includes('readWith') } : undefined;
  return { blocked: false, sectionWord, across };
}

/** Hindi and Gujarati genitives: after a number they say the number owns what follows ("धारा 302 का …"). */
const GENITIVES = new Set(['का', 'की', 'के', 'ની', 'ના', 'નો', 'નું', 'ki', 'ke', 'ka', 'ni', 'na', 'nu']);

interface RightCode {
  index: number;
  /** "धारा 302 का BNS में नया नंबर": the code is where the section is carried to, not the section's own code. */
  genitive: boolean;
}

function rightCode(tokens: Token[], last: number, text: string): RightCode | undefined {
  let k = last + 1;
  const t = tokens[k];
  if (t?.kind === 'joiner' && text.slice(t.start, t.end) === ',') k++; // "u/s 302, IPC"
  let genitive = false;
  for (let n = 0; tokens[k]?.kind === 'filler' && n < MAX_FILLERS; n++, k++) {
    genitive ||= GENITIVES.has(text.slice(tokens[k].start, tokens[k].end).toLowerCase());
  }
  return tokens[k]?.kind === 'code' ? { index: k, genitive } : undefined;
}

/** The same family's other code: the code a section is asked about when its counterpart's code is named. */
function counterpart(r: Resolution): Resolution {
  return !r || r === 'foreign' ? null : { code: counterpartCode(r.code), inferred: false };
}

function resolveCode(tokens: Token[], index: number, opts: ResolveOptions): Resolution {
  const t = tokens[index];
  if (t.kind !== 'code') return null;
  const ref = t.ref;
  switch (ref.kind) {
    case 'code':
      return { code: ref.code, inferred: false };
    case 'foreign':
      return 'foreign';
    case 'family':
      // The new codes are all of 2023; an older year can only be the old code.
      if (t.year !== undefined) return { code: codeInForce(ref.family, t.year >= 2023 ? NEW_CODES_IN_FORCE : undefined), inferred: false };
      return { code: codeInForce(ref.family, opts.date), inferred: true };
    case 'previous':
      for (let j = index - 1; j >= 0; j--) {
        const p = tokens[j];
        if (p.kind === 'code' && p.ref.kind !== 'previous') return resolveCode(tokens, j, opts);
      }
      return ref.orElse ?? null;
  }
}

const sameResolution = (a: Resolution, b: Resolution) =>
  a === b || (a !== null && b !== null && a !== 'foreign' && b !== 'foreign' && a.code === b.code);

export function resolveLists(tokens: Token[], text: string, opts: ResolveOptions): ResolvedList[] {
  const out: ResolvedList[] = [];
  // A code already claimed as the right-hand code of one list is not the left-hand code of the next:
  // in "302 IPC 103 BNS", 103 is BNS.
  const claimed = new Set<number>();
  const emit = (items: ListItem[], r: Resolution) => {
    if (r && r !== 'foreign' && items.length) out.push({ items, code: r.code, inferred: r.inferred });
  };

  for (const whole of groupLists(tokens)) {
    let list = whole;
    let left = leftContext(tokens, list.first);
    if (left.blocked) {
      // "S. No. 5 and S. 302 IPC": what follows the first section word is still a citation.
      const from = list.sectionStarts[0];
      if (from === undefined) continue;
      list = { ...list, items: list.items.slice(from), sectionStarts: [] };
      left = { blocked: false, sectionWord: true };
    }
    const right = rightCode(tokens, list.last, text);
    const l = left.code !== undefined ? resolveCode(tokens, left.code, opts) : null;
    const r = right !== undefined ? resolveCode(tokens, right.index, opts) : null;
    const leftFree = l !== null && !claimed.has(left.code!);

    if (r && right!.genitive) {
      emit(list.items, leftFree ? l : counterpart(r) ?? l);
    } else if (r && (!leftFree || sameResolution(l, r))) {
      emit(list.items, r);
      claimed.add(right!.index);
    } else if (r && leftFree) {
      // Two different codes around one list: "IPC 302, 201 and 25 Arms Act" or "IPC 302 BNS 103". The last item
      // goes to the code after it and the rest to the code before; a lone number keeps the code before it and
      // leaves the code after it free to start the next list.
      if (list.items.length > 1) {
        emit(list.items.slice(0, -1), l);
        emit(list.items.slice(-1), r);
        claimed.add(right!.index);
      } else {
        emit(list.items, l);
      }
    } else if (l) {
      emit(list.items, l);
    } else if (left.across && (left.sectionWord || left.across.readWith)) {
      // "Section 302 IPC read with Section 34": the second list has no code of its own.
      emit(list.items, resolveCode(tokens, left.across.code, opts));
    } else if (left.sectionWord || list.sectionStarts.length) {
      // No code anywhere near: a bare "u/s 302" means the penal code in force on the document's date.
      const code = codeInForce(opts.defaultFamily ?? 'penal', opts.date);
      emit(list.items, { code, inferred: true });
    }
  }
  return out;
}
