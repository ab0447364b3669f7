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

function hardSplit(text: string, count: TokenCounter, max: number): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [];
  let cur: string[] = [];
  for (const w of words) {
    cur.push(w);
    if (count(cur.join(' ')) > max && cur.length > 1) {
      cur.pop();
      out.push(cur.join(' '));
      cur = [w];
    }
  }
  if (cur.length) out.push(cur.join(' '));
  return out;
}

/**
 * Packs units (paragraphs or sentences) greedily into windows of at most maxTokens, never splitting a unit
 * that fits; a window starts with the previous window's trailing units up to overlapTokens. A unit larger
 * than a window is split into sentences, and a sentence larger than a window into word runs.
 */
export function pack(units: string[], count: TokenCounter, o: PackOptions): string[] {
  const sized: { text: string; tokens: number }[] = [];
  for (const u of units) {
    const t = count(u);
    if (t <= o.maxTokens || (o.keepWholeUpTo && t <= o.keepWholeUpTo)) sized.push({ text: u, tokens: t });
    else {
      for (const s of sentences(u)) {
        const st = count(s);
        if (st <= o.maxTokens) sized.push({ text: s, tokens: st });
        else for (const piece of hardSplit(s, count, o.maxTokens)) sized.push({ text: piece, tokens: count(piece) });
      }
    }
  }
  const windows: string[] = [];
  let cur: typeof sized = [];
  let tokens = 0;
  const flush = () => {
    if (!cur.length) return;
    windows.push(cur.map((u) => u.text).join('\n\n'));
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
