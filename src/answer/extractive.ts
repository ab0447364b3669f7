import { sentences } from '../chunk/pack';
import { matchTokens } from '../expand/glossary';
import type { StatuteCatalogue } from '../seeds/statutes';
import { detectLanguage } from '../text/script';
import type { ContextBlock } from './context';

const INTRO: Record<string, string> = { en: 'From the sources:', hi: 'स्रोतों के अनुसार:', gu: 'સ્રોતો મુજબ:' };
const SECTION_WORD: Record<string, string> = { en: 'Section', hi: 'धारा', gu: 'કલમ' };

export interface Picked {
  text: string;
  n: number;
}

/**
 * Sentences of the sources scored by overlap with the query's words and expansion terms, with a bonus for
 * higher-ranked sources and for sentences already in the query's language. No model is involved, so every
 * sentence of the answer is a sentence of a source, and cited as such.
 */
export function pickSentences(blocks: ContextBlock[], queryTerms: string[], language: string, max: number, filter?: (s: string, b: ContextBlock) => boolean): Picked[] {
  const want = new Set(queryTerms.flatMap((t) => matchTokens(t)));
  const scored: (Picked & { score: number; pos: number })[] = [];
  for (const b of blocks) {
    const body = b.document.type === 'BARE_ACT_SECTION' ? b.chunks.map((c) => c.text).join(' ') : b.chunks.map((c) => c.text).join('\n');
    sentences(body).forEach((s, pos) => {
      const words = s.split(/\s+/).length;
      if (words < 4 || (filter && !filter(s, b))) return;
      const tokens = new Set(matchTokens(s));
      let overlap = 0;
      for (const t of want) if (tokens.has(t)) overlap++;
      const sameLanguage = detectLanguage(s).language === language ? 0.5 : 0;
      const score = overlap + sameLanguage + 1 / b.n - (words > 70 ? 0.5 : 0) - pos * 0.01;
      scored.push({ text: words > 90 ? `${s.split(/\s+/).slice(0, 90).join(' ')} …` : s, n: b.n, score, pos });
    });
  }
  const top = scored.filter((s) => s.score > 0.3).sort((a, b) => b.score - a.score).slice(0, max);
  return top.sort((a, b) => a.n - b.n || a.pos - b.pos);
}

/** "IPC s. 302 — Punishment for murder (हत्या के लिए दण्ड)": the section line in the query's language. */
export function sectionLine(b: ContextBlock, catalogue: StatuteCatalogue, language: string): string | null {
  if (!b.sectionId) return null;
  const s = catalogue.get(b.sectionId);
  if (!s) return null;
  const title = language === 'en' ? s.title : s.titleHi ?? s.title;
  return `${s.code} ${SECTION_WORD[language] ?? 'Section'} ${s.number}${title ? ` — ${title}` : ''}`;
}

/** GENERAL_QA without an LLM: the sections found, then the supporting sentences, every line cited. */
export function extractiveAnswer(blocks: ContextBlock[], queryTerms: string[], language: string, catalogue: StatuteCatalogue): string {
  const lines = [INTRO[language] ?? INTRO.en];
  const statutes = blocks.filter((b) => b.sectionId).slice(0, 4);
  for (const b of statutes) {
    const line = sectionLine(b, catalogue, language);
    if (line) lines.push(`• ${line} [${b.n}]`);
  }
  for (const p of pickSentences(blocks, queryTerms, language, 4)) lines.push(`${p.text} [${p.n}]`);
  return lines.join('\n');
}
