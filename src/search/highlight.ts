import { words } from '../text/normalise';

/** Up to three snippets (≤ 160 characters) around the query terms found in the text. */
export function highlights(text: string, terms: string[], max = 3): string[] {
  const lower = text.toLowerCase();
  const wanted = [...new Set(terms.flatMap((t) => words(t)).filter((w) => w.length > 2))];
  const spans: [number, number][] = [];
  for (const w of wanted) {
    const at = lower.indexOf(w);
    if (at < 0 || spans.some(([a, b]) => at >= a && at <= b)) continue;
    spans.push([Math.max(0, at - 60), Math.min(text.length, at + w.length + 80)]);
    if (spans.length >= max) break;
  }
  return spans.sort((a, b) => a[0] - b[0]).map(([a, b]) => `${a > 0 ? '…' : ''}${text.slice(a, b).trim()}${b < text.length ? '…' : ''}`);
}
