/** Counts tokens with the embedding model's tokenizer. */
export type TokenCounter = (text: string) => number;

export interface PackOptions {
  maxTokens: number;
  overlapTokens: number;
  /** A single unit up to this size is kept whole even above maxTokens (rulings' reasoning paragraphs). */
  keepWholeUpTo?: number;
}

/** Sentence ends in English (.?!), Hindi/Gujarati (।, ॥) and before a numbered sub-section "(2)". */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!।॥])\s+(?=\S)|\s+(?=\(\d+\)\s)|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A window of packed units and its size as the packer counted it: its units' tokens (the blank lines between them not counted). */
export interface Window {
  text: string;
  tokens: number;
}

/**
 * Word runs of at most `max` tokens. The tokenizer splits at spaces before it tokenises (Metaspace), so a run's
 * count is the sum of its words' counts: each word is counted once instead of every run prefix again.
 */
function hardSplit(text: string, count: TokenCounter, max: number): Window[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: Window[] = [];
  let cur: string[] = [];
  let tokens = 0;
  for (const w of words) {
    const t = count(w);
    if (cur.length && tokens + t > max) {
      out.push({ text: cur.join(' '), tokens });
      cur = [];
      tokens = 0;
    }
    cur.push(w);
    tokens += t;
  }
  if (cur.length) out.push({ text: cur.join(' '), tokens });
  return out;
}

/**
 * Packs units (paragraphs or sentences) greedily into windows of at most maxTokens, never splitting a unit
 * that fits; a window starts with the previous window's trailing units up to overlapTokens. A unit larger
 * than a window is split into sentences, and a sentence larger than a window into word runs.
 */
export function pack(units: string[], count: TokenCounter, o: PackOptions): Window[] {
  const sized: Window[] = [];
  for (const u of units) {
    const t = count(u);
    if (t <= o.maxTokens || (o.keepWholeUpTo && t <= o.keepWholeUpTo)) sized.push({ text: u, tokens: t });
    else {
      for (const s of sentences(u)) {
        const st = count(s);
        if (st <= o.maxTokens) sized.push({ text: s, tokens: st });
        else sized.push(...hardSplit(s, count, o.maxTokens));
      }
    }
  }
  const windows: Window[] = [];
  let cur: typeof sized = [];
  let tokens = 0;
  const flush = () => {
    if (!cur.length) return;
    windows.push({ text: cur.map((u) => u.text).join('\n\n'), tokens: cur.reduce((n, u) => n + u.tokens, 0) });
    const carry: typeof sized = [];
    let carried = 0;
    for (let i = cur.length - 1; i > 0; i--) {
      if (carried + cur[i].tokens > o.overlapTokens) break;
      carry.unshift(cur[i]);
      carried += cur[i].tokens;
    }
    cur = carry;
    tokens = carried;
  };
  let fresh = 0;
  for (const u of sized) {
    if (fresh > 0 && tokens + u.tokens > o.maxTokens) {
      flush();
      fresh = 0;
    }
    cur.push(u);
    tokens += u.tokens;
    fresh++;
  }
  if (fresh > 0) flush();
  return windows;
}
