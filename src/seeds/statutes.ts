import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ACT_NAMES, STATUTE_CODES, type StatuteCode } from '../domain/codes';
import type { DocumentInput } from '../domain/document.types';
import type { EquivalenceEdge, EquivalenceRelation, SectionNode } from '../stores/graph/graph.types';
import { fromRoot } from '../util/paths';
import { matchTokens } from '../expand/glossary';

/**
 * The six codes as the product knows them: every section (with English and Hindi titles where the sources
 * have them), the old⇄new correspondence, and one BARE_ACT_SECTION document per section for retrieval.
 * Built from seeds/statutes and seeds/correspondence (copied from ../shared/data).
 */
export interface StatuteCatalogue {
  acts: { code: StatuteCode; name: string }[];
  sections: SectionNode[];
  equivalences: EquivalenceEdge[];
  has(id: string): boolean;
  get(id: string): SectionNode | undefined;
  /** Whether the section prescribes a punishment (what an FIR charges), as opposed to defining a term. */
  isPenal(id: string): boolean;
  /**
   * The most general IPC and BNS provisions that punish a concept: penal sections whose English title holds
   * every word of the term, shortest title first (for "grievous hurt": IPC 325 and BNS 117).
   */
  punishingSections(term: string): string[];
  bareActDocuments(): DocumentInput[];
}

const PUNISHES = /shall be punish|punishable with|punished with|shall be liable to (?:fine|imprisonment)|दण्डित किया जाएगा|दंडित किया जाएगा|दण्डनीय|दंडनीय|कारावास से/i;

type Row = Record<string, string>;
const csv = (file: string): Row[] => parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true });
const clean = (s: string | undefined | null) => (s ?? '').replace(/\r/g, '').replace(/[ \t]+/g, ' ').replace(/\.\.+(\s|$)/g, '.$1').trim();
const cleanTitle = (s: string | undefined | null) => clean(s).replace(/[.:]$/, '');
/** "23(1)" → "23", "498-a" → "498A": sub-sections roll up to their section. */
const num = (s: string | number) => String(s).replace(/\(.*$/, '').trim().toUpperCase().replace(/[\s-]/g, '');
const validNumber = (s: string) => /^[0-9]+[A-Z]{0,2}$/.test(s);
/** Hindi tables use "कोई परिवर्तन नहीं।" (no change) and "----" as placeholders, not titles. */
const placeholder = (s: string) => !s || /^-+$/.test(s) || s.startsWith('कोई परिवर्तन नहीं');

export function loadStatutes(seedsDir = fromRoot('seeds')): StatuteCatalogue {
  const sections = new Map<string, SectionNode>();
  const put = (code: StatuteCode, number: string, s: Partial<SectionNode>) => {
    const n = num(number);
    if (!validNumber(n)) return;
    const id = `${code}:${n}`;
    const prev = sections.get(id);
    sections.set(id, {
      id, code, number: n,
      title: s.title || prev?.title || null, titleHi: s.titleHi || prev?.titleHi || null,
      text: s.text || prev?.text || null, chapter: s.chapter || prev?.chapter || null,
    });
  };
  const dir = (...p: string[]) => path.join(seedsDir, ...p);

  for (const r of JSON.parse(fs.readFileSync(dir('statutes', 'ipc.json'), 'utf8')) as Record<string, string | number>[]) {
    put('IPC', String(r.Section), { title: cleanTitle(String(r.section_title)), text: clean(String(r.section_desc ?? '')), chapter: clean(String(r.chapter_title ?? '')) });
  }
  for (const [code, file] of [['CrPC', 'crpc.json'], ['IEA', 'iea.json']] as const) {
    for (const r of JSON.parse(fs.readFileSync(dir('statutes', file), 'utf8')) as Record<string, string | number>[]) {
      put(code, String(r.section), { title: cleanTitle(String(r.section_title)), text: clean(String(r.section_desc ?? '')), chapter: String(r.chapter ?? '') });
    }
  }
  for (const r of csv(dir('statutes', 'bns_sections.csv'))) {
    const title = cleanTitle(r['Section _name']);
    // The description starts with the title again ("103 Punishment for murder. (1) Whoever ..."): drop it.
    const text = clean(r.Description).replace(new RegExp(`^${escapeRe(title)}\\.?\\s*`), '');
    put('BNS', r.Section, { title, text, chapter: clean(r.Chapter_name) });
  }
  for (const r of csv(dir('correspondence', 'ipc_bns_section_titles_en_hi.csv'))) {
    if (!placeholder(r.ipc_title_hi) && r.ipc_title_hi !== 'निरसित') put('IPC', r.ipc_section, { titleHi: clean(r.ipc_title_hi) });
    for (const p of (r.bns_provisions ?? '').split(';')) {
      const bns = p.replace(/\(.*$/, '');
      if (bns && !placeholder(r.bns_title_hi)) put('BNS', bns, { titleHi: clean(r.bns_title_hi).replace(/^[0-9()]+\s*/, '') });
    }
  }
  const crpcBnss = csv(dir('correspondence', 'crpc_bnss_hi_edges.csv'));
  for (const r of crpcBnss) {
    if (r.crpc_section && !placeholder(r.crpc_title_hi)) put('CrPC', r.crpc_section, { titleHi: clean(r.crpc_title_hi) });
    if (r.bnss_section && !placeholder(r.bnss_text_hi)) {
      const text = clean(r.bnss_text_hi);
      const titleHi = text.split(/[-–—]\s*\(|[-–—]\s/)[0].trim().slice(0, 160);
      put('BNSS', r.bnss_section, { titleHi, text, chapter: clean(r.chapter_hi) });
    }
  }
  const ieaBsa = csv(dir('correspondence', 'iea_bsa_hi_edges.csv'));
  for (const r of ieaBsa) {
    if (r.iea_section && !placeholder(r.iea_title_hi)) put('IEA', r.iea_section, { titleHi: clean(r.iea_title_hi) });
    if (r.bsa_section && !placeholder(r.bsa_text_hi)) put('BSA', r.bsa_section, { titleHi: clean(r.bsa_text_hi), chapter: clean(r.chapter_hi) });
  }
  // Provisions police cite every day that the shared data lacks (CrPC 41A–41D…), and English headings for
  // BNSS sections known only in Hindi: transcribed for this project, each with its source.
  const sources = new Map<string, string>();
  const supplementPairs: [string, string, string | null][] = [];
  for (const e of supplement(dir('statutes', 'supplement.json'))) {
    const [code, number] = e.id.split(':') as [StatuteCode, string];
    const prev = sections.get(`${code}:${num(number)}`);
    // An English text goes before a Hindi one already held, so neither reader loses theirs.
    const text = e.text && prev?.text && prev.text !== e.text ? `${e.text}\n\n${prev.text}` : e.text;
    put(code, number, { title: e.title, titleHi: e.titleHi, text });
    sources.set(`${code}:${num(number)}`, e.source);
    if (e.successor) supplementPairs.push([`${code}:${num(number)}`, e.successor, e.successorProvisions ?? null]);
  }

  const pairs: [string, string, string | null][] = [...supplementPairs];
  for (const r of csv(dir('correspondence', 'ipc_bns_edges.csv'))) {
    if (r.relation !== 'mapped') continue;
    for (const ipc of r.ipc_sections.split(';').map(num).filter(validNumber)) pairs.push([`IPC:${ipc}`, `BNS:${num(r.bns_section)}`, r.bns_provisions || null]);
  }
  for (const r of crpcBnss) {
    const [a, b] = [num(r.crpc_section ?? ''), num(r.bnss_section ?? '')];
    if (validNumber(a) && validNumber(b)) pairs.push([`CrPC:${a}`, `BNSS:${b}`, r.bnss_section_raw || null]);
  }
  for (const r of ieaBsa) {
    const [a, b] = [num(r.iea_section ?? ''), num(r.bsa_section ?? '')];
    if (validNumber(a) && validNumber(b)) pairs.push([`IEA:${a}`, `BSA:${b}`, r.bsa_section_raw || null]);
  }
  const equivalences = relate(pairs.filter(([a, b]) => sections.has(a) && sections.has(b)));

  // Sections of the new codes known only through the tables get their predecessor's English title.
  for (const e of equivalences) {
    const to = sections.get(e.toId)!;
    const from = sections.get(e.fromId)!;
    if (!to.title && from.title) to.title = from.title;
  }

  const all = [...sections.values()].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const isPenal = (id: string) => {
    const sec = sections.get(id);
    return !!sec && PUNISHES.test(`${sec.title ?? ''} ${sec.text ?? ''}`);
  };
  const penalTitles = all
    .filter((x) => (x.code === 'IPC' || x.code === 'BNS') && x.title && isPenal(x.id))
    .map((x) => ({ id: x.id, code: x.code, title: x.title!, tokens: new Set(matchTokens(x.title!)) }));
  return {
    acts: STATUTE_CODES.map((code) => ({ code, name: ACT_NAMES[code] })),
    sections: all,
    equivalences,
    has: (id) => sections.has(id),
    isPenal,
    punishingSections: (term) => {
      const want = matchTokens(term);
      if (!want.length) return [];
      const fits = penalTitles.filter((t) => want.every((w) => t.tokens.has(w))).sort((a, b) => a.title.length - b.title.length);
      return ['IPC', 'BNS'].map((code) => fits.find((f) => f.code === code)?.id).filter((x): x is string => !!x);
    },
    get: (id) => sections.get(id),
    bareActDocuments: () => bareActDocuments(all, equivalences, sections, sources),
  };
}

/** `successor`: the section of the new code that replaced this one ("BNSS:35"), with the provisions ("35(3)-(6)"). */
interface SupplementEntry { id: string; title?: string; titleHi?: string; text?: string; source: string; successor?: string; successorProvisions?: string }

function supplement(file: string): SupplementEntry[] {
  if (!fs.existsSync(file)) return [];
  const entries = (JSON.parse(fs.readFileSync(file, 'utf8')) as { sections: SupplementEntry[] }).sections;
  for (const e of entries) {
    const code = e.id.split(':')[0];
    if (!(STATUTE_CODES as readonly string[]).includes(code) || !e.source) throw new Error(`${file}: entry ${e.id} needs a CODE:NUMBER id and a source`);
  }
  return entries;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** mapped (1:1), split (one old section → several new), merged (several old → one new). */
function relate(pairs: [string, string, string | null][]): EquivalenceEdge[] {
  const out = new Map<string, number>();
  const into = new Map<string, number>();
  const unique = new Map<string, [string, string, string | null]>();
  for (const p of pairs) {
    const key = `${p[0]}>${p[1]}`;
    const prev = unique.get(key);
    unique.set(key, prev ? [p[0], p[1], [prev[2], p[2]].filter(Boolean).join(';')] : p);
  }
  for (const [a, b] of unique.values()) {
    out.set(a, (out.get(a) ?? 0) + 1);
    into.set(b, (into.get(b) ?? 0) + 1);
  }
  return [...unique.values()].map(([fromId, toId, provisions]) => {
    const relation: EquivalenceRelation = (out.get(fromId) ?? 0) > 1 ? 'split' : (into.get(toId) ?? 0) > 1 ? 'merged' : 'mapped';
    return { fromId, toId, relation, provisions };
  });
}

function bareActDocuments(all: SectionNode[], equivalences: EquivalenceEdge[], byId: Map<string, SectionNode>, sources: Map<string, string>): DocumentInput[] {
  const counterparts = new Map<string, string[]>();
  for (const e of equivalences) {
    counterparts.set(e.fromId, [...(counterparts.get(e.fromId) ?? []), e.toId]);
    counterparts.set(e.toId, [...(counterparts.get(e.toId) ?? []), e.fromId]);
  }
  return all.map((s) => {
    const others = (counterparts.get(s.id) ?? []).map((id) => byId.get(id)!).filter(Boolean);
    let text = s.text || s.title || s.titleHi || s.id;
    // BNSS and BSA sections exist here only in Hindi; the predecessor's English text, labelled as such,
    // lets an English query reach them.
    if ((s.code === 'BNSS' || s.code === 'BSA') && others.length) {
      const prev = others.find((o) => o.text && /[A-Za-z]/.test(o.text));
      if (prev) text += `\n\nCorresponding provision, ${ACT_NAMES[prev.code as StatuteCode]} s. ${prev.number} (${prev.title ?? ''}): ${prev.text}`;
    }
    return {
      id: `act-${s.code.toLowerCase()}-${s.number.toLowerCase()}`,
      type: 'BARE_ACT_SECTION' as const,
      title: `${s.code} s. ${s.number}${s.title ? ` — ${s.title}` : ''}`,
      authority: 'ACT' as const,
      statute: { code: s.code as StatuteCode, number: s.number, chapter: s.chapter ?? undefined },
      parts: [{ name: 'text', text }],
      extra: {
        ...(s.title ? { titleEn: s.title } : {}),
        ...(s.titleHi ? { titleHi: s.titleHi } : {}),
        ...(others.length ? { equivalents: others.map((o) => `${o.id}${o.title ? ` ${o.title}` : ''}`).join('; ') } : {}),
        ...(sources.has(s.id) ? { source: sources.get(s.id)! } : {}),
      },
    };
  });
}
