import type { Language } from '../domain/document.types';

const DEVANAGARI = /[\u0900-\u097F]/g;
const GUJARATI = /[\u0A80-\u0AFF]/g;
const LATIN = /[A-Za-z]/g;

export interface ScriptMix {
  latin: number;
  devanagari: number;
  gujarati: number;
}

export function scriptMix(text: string): ScriptMix {
  return {
    latin: text.match(LATIN)?.length ?? 0,
    devanagari: text.match(DEVANAGARI)?.length ?? 0,
    gujarati: text.match(GUJARATI)?.length ?? 0,
  };
}

/**
 * The language is read off the script: Devanagari → Hindi, Gujarati → Gujarati, else English. Code-mixed
 * text ("u/s 302 IPC हत्या") goes to the Indic script when it carries at least a fifth of the letters,
 * since the English in such text is mostly legal citations.
 */
export function detectLanguage(text: string): { language: Language; mixed: boolean } {
  const m = scriptMix(text);
  const total = m.latin + m.devanagari + m.gujarati;
  if (!total) return { language: 'en', mixed: false };
  const indic = m.gujarati >= m.devanagari ? { lang: 'gu' as const, n: m.gujarati } : { lang: 'hi' as const, n: m.devanagari };
  const language: Language = indic.n / total >= 0.2 ? indic.lang : 'en';
  const shares = [m.latin, m.devanagari, m.gujarati].map((n) => n / total);
  return { language, mixed: shares.filter((s) => s >= 0.1).length > 1 };
}

/**
 * Gujarati and Devanagari are parallel Unicode blocks (ક U+0A95 ⇄ क U+0915): shifting by 0x180 turns
 * Gujarati text into a Devanagari spelling that shares trigrams with Hindi legal vocabulary
 * (હત્યા → हत्या). Characters without a counterpart are kept.
 */
export function gujaratiToDevanagari(text: string): string {
  return text.replace(GUJARATI, (ch) => {
    const cp = ch.codePointAt(0)! - 0x180;
    // Gujarati-only signs (e.g. U+0AF1 rupee sign) have no Devanagari twin.
    return cp >= 0x0900 && cp <= 0x097f ? String.fromCodePoint(cp) : ch;
  });
}

export function devanagariToGujarati(text: string): string {
  return text.replace(DEVANAGARI, (ch) => {
    const cp = ch.codePointAt(0)! + 0x180;
    return cp >= 0x0a80 && cp <= 0x0aff ? String.fromCodePoint(cp) : ch;
  });
}
