/**
 * Splits digit-normalised text into the few kinds of token citation grammar cares about. Everything else becomes
 * an `other` token, which is what stops a number from being read as a section: lists only form across joiners,
 * fillers and section words.
 */
import { CodeRef, INDIC_SECTION_LETTERS } from './aliases';
import {
  ACT_REACH,
  ACT_WORD,
  BLOCKER,
  CODE_PATTERNS,
  FILLER,
  JOINER,
  NOT_A_SECTION,
  OTHER,
  SECTION_NUMBER,
  SECTION_WORD,
  UNIT,
  WHITESPACE,
  WORD_STARTS,
} from './patterns';

export interface Span {
  start: number;
  end: number;
}

export interface SectionNumber {
  number: string; // "498A"
  subsection?: string;
  value: number; // 498
  /** Digits only, no suffix or brackets: the only kind a range may be expanded between. */
  plain: boolean;
}

export type JoinKind = 'list' | 'range' | 'readWith';

export type Token =
  | (Span & { kind: 'code'; ref: CodeRef; year?: number })
  | (Span & { kind: 'section' })
  | (Span & SectionNumber & { kind: 'num' })
  | (Span & { kind: 'joiner'; join: JoinKind })
  | (Span & { kind: 'filler' | 'blocker' | 'unit' | 'other' });

function matchAt(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

/** Start offsets of act words ("Act", "अधिनियम", "એક્ટ") in the text, for skipping the catch-all act patterns. */
function actWordStarts(text: string): number[] {
  return [...text.matchAll(ACT_WORD)].map((m) => m.index!);
}

/**
 * Several names can start at one place ("Evidence Act" and "Indian Evidence Act"); the longest is the real one.
 * A named code always beats the catch-all "… Act" patterns, which would happily read "भादवि आर्म्स एक्ट" as one
 * special act.
 */
function codeAt(text: string, pos: number, actNear: boolean): Token | null {
  let best: Token | null = null;
  const first = text[pos].toLowerCase();
  for (const { ref, regex, firstChars } of CODE_PATTERNS) {
    if (firstChars ? !firstChars.has(first) : !actNear || (best && best.ref.kind !== 'foreign')) continue;
    const m = matchAt(regex, text, pos);
    if (m && (!best || pos + m[0].length > best.end)) {
      best = { kind: 'code', ref, start: pos, end: pos + m[0].length, year: m[1] ? Number(m[1]) : undefined };
    }
  }
  // "booked under IPC. 302 people…": a lone final dot after an undotted name, with a number next, ends the
  // sentence rather than the name, and must stay between the code and that number.
  if (best && /^[^.]*\.$/.test(text.slice(best.start, best.end)) && /^\s+\d/.test(text.slice(best.end, best.end + 4))) {
    best.end--;
  }
  return best;
}

function indicLetter(s: string | undefined): string {
  return s ? (INDIC_SECTION_LETTERS[s] ?? s) : '';
}

function sectionNumber(m: RegExpExecArray): SectionNumber {
  const [whole, digits, glued, spaced, indic1, indic2, bracketLetter, sub] = m;
  const written = (glued ?? spaced ?? '') + indicLetter(indic1) + indicLetter(indic2);
  const suffix = written || indicLetter(bracketLetter);
  return {
    number: digits + suffix.toUpperCase(),
    subsection: sub?.replace('-', '').toUpperCase(),
    value: Number(digits),
    plain: whole === digits,
  };
}

/** The token starting exactly at `pos` (which is not white space). Order matters: names before words before numbers. */
function tokenAt(text: string, pos: number, actNear: boolean): Token {
  const first = text[pos];
  if (!actNear && !WORD_STARTS.has(first) && /\p{L}/u.test(first)) {
    return { kind: 'other', start: pos, end: pos + matchAt(OTHER, text, pos)![0].length };
  }
  const code = codeAt(text, pos, actNear);
  if (code) return code;
  const span = (m: RegExpExecArray): Span => ({ start: pos, end: pos + m[0].length });
  let m: RegExpExecArray | null;
  if ((m = matchAt(SECTION_WORD, text, pos))) return { kind: 'section', ...span(m) };
  for (const re of NOT_A_SECTION) if ((m = matchAt(re, text, pos))) return { kind: 'other', ...span(m) };
  if ((m = matchAt(SECTION_NUMBER, text, pos))) return { kind: 'num', ...span(m), ...sectionNumber(m) };
  if ((m = matchAt(JOINER, text, pos))) {
    const join = m[1] !== undefined ? 'list' : m[2] !== undefined ? 'range' : 'readWith';
    return { kind: 'joiner', ...span(m), join };
  }
  if ((m = matchAt(FILLER, text, pos))) return { kind: 'filler', ...span(m) };
  if ((m = matchAt(BLOCKER, text, pos))) return { kind: 'blocker', ...span(m) };
  if ((m = matchAt(UNIT, text, pos))) return { kind: 'unit', ...span(m) };
  return { kind: 'other', ...span(matchAt(OTHER, text, pos)!) };
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const acts = actWordStarts(text);
  let nextAct = 0; // index into `acts` of the first act word at or after `pos`
  let pos = 0;
  while (pos < text.length) {
    const ws = matchAt(WHITESPACE, text, pos);
    if (ws) {
      pos += ws[0].length;
      continue;
    }
    while (nextAct < acts.length && acts[nextAct] < pos) nextAct++;
    const token = tokenAt(text, pos, nextAct < acts.length && acts[nextAct] - pos <= ACT_REACH);
    tokens.push(token);
    pos = token.end;
  }
  return tokens;
}
