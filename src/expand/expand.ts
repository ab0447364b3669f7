import type { AccessScope } from '../domain/access';
import type { QueryAnalysis } from '../analyse/analyse';
import { counterpartCode } from '../domain/codes';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { CitationGraph } from '../stores/graph/graph.types';
import { words } from '../text/normalise';
import { gujaratiToDevanagari } from '../text/script';
import { INDIC_STOPWORDS } from '../text/stopwords';
import type { OffenceElements } from './elements';
import type { Glossary } from './glossary';
import type { NameMatch } from './section-names';
import { withoutThreatenedActs } from './threats';

export type SectionReason = 'REFERENCE' | 'ELEMENTS' | 'GLOSSARY' | 'NAME' | 'EQUIVALENT' | 'CO_CITED';

/**
 * Role words in incident narratives: they say who, not what offence, and match procedure text everywhere.
 * Facts quoted from a judgment name the parties and the court's own steps the same way (appellant, learned
 * judge, judgment dated ...); left in, they spend the term budget and pull in appellate-procedure provisions.
 */
const ROLE_WORDS = new Set(['accused', 'complainant', 'victim', 'informant', 'deceased', 'person', 'persons', 'man', 'men', 'woman', 'women',
  'appellant', 'appellants', 'respondent', 'respondents', 'petitioner', 'petitioners', 'learned', 'counsel', 'judgment', 'dated',
  'आरोपी', 'मुल्जिम', 'अभियुक्त', 'पीड़ित', 'पीडित', 'पीड़िता', 'प्रार्थी', 'शिकायतकर्ता', 'व्यक्ति',
  'આરોપી', 'આરોપીએ', 'ફરિયાદી', 'ફરિયાદીને', 'ભોગ', 'બનનાર', 'વ્યક્તિ']);

export interface ExpandedSection {
  id: string;
  reason: SectionReason;
  /** The reference, glossary term or section that brought this one in. */
  via: string;
  /** Which ranked list it feeds: what the user named, or what the query implies. */
  list: 'reference' | 'elements' | 'glossary' | 'names';
}

/**
 * Equivalents worth following from a section: all of them, unless there are many (BNS 3 merges nine IPC
 * sections of general explanations); then only 1:1 mappings, since the rest would drown the query. A section
 * the user named is the exception when it merged several into one (BNS 329 ← IPC 441, 442, 447, 448: none
 * one-to-one): all its parts are what was asked. A reference to a sub-section follows the edges drawn from that
 * sub-section (BNS 309(4) → IPC 392, not IPC 390–394), when the correspondence table records them.
 */
export function usefulEquivalents<E extends { fromId: string; toId: string; relation: string; provisions?: string | null }>(
  edges: E[], id: string, named?: NamedSection,
): E[] {
  const mine = edges.filter((e) => e.fromId === id);
  if (named?.subsection) {
    const number = id.split(':')[1];
    const exact = mine.filter((e) => e.provisions?.split(';').some((p) => p.startsWith(`${number}(`) && p.includes(`(${named.subsection})`)));
    if (exact.length) return exact;
  }
  if (mine.length <= 3) return mine;
  const mapped = mine.filter((e) => e.relation === 'mapped');
  if (mapped.length || !named || mine.length > MAX_PARTS) return mapped;
  return [...mine].sort((a, b) => (a.provisions ?? '').localeCompare(b.provisions ?? '', 'en', { numeric: true }));
}

/** Enough for the parts of any merged offence section (BNS 331 has eight); not the 37 definitions of BNS 2. */
const MAX_PARTS = 8;

export interface NamedSection {
  subsection?: string;
}

/**
 * Gujarati એ and Hindi ए are both the letter A and a word ("BNS ની કલમ 74 એ IPC ની કઈ કલમ …"): a lettered
 * section that does not exist is read as its number.
 */
function namedId(id: string, catalogue: Pick<StatuteCatalogue, 'has'>): string {
  return catalogue.has(id) ? id : id.replace(/(\d)[A-Z]+$/, '$1');
}

/** The sections the query names, each with the sub-section it was cited with ("BNS 309(4)" → BNS:309 ↦ "4"). */
export function namedSections(a: Pick<QueryAnalysis, 'references'>, catalogue: Pick<StatuteCatalogue, 'has'>): Map<string, NamedSection> {
  const out = new Map<string, NamedSection>();
  for (const r of a.references) {
    const id = namedId(r.id, catalogue);
    if (!out.has(id) || r.subsection) out.set(id, { subsection: r.subsection });
  }
  return out;
}

export interface ExpandedTerm {
  term: string;
  language: string;
  via: string;
}

export interface Expansion {
  /** Glossary concepts matched: many concepts make each one weaker evidence. */
  concepts: number;
  /** Offences inferred from the ingredients a narrative or an offence description states (murder: died + axe). */
  offences: string[];
  sections: ExpandedSection[];
  /** Sections whose title or glossary name is nearest the query in meaning, nearest first (their own ranked list). */
  similar: NameMatch[];
  terms: ExpandedTerm[];
  keywordTerms: string[];
  phrases: string[];
  denseQueries: string[];
  subQueries: string[];
}

export interface ExpandOptions {
  coCited: boolean;
  /** Co-citations are counted only over documents the caller may see. */
  access?: AccessScope;
}

const COMPARATIVE_SPLIT = /\b(?:difference between|compare|distinguish between)\s+(.+?)\s+(?:and|with|from)\s+(.+?)[?.]?$|^(.+?)\s+(?:vs\.?|versus)\s+(.+?)[?.]?$/iu;

/** Splits "difference between X and Y" / "X vs Y" into at most three sub-queries. */
export function subQueries(text: string): string[] {
  const m = COMPARATIVE_SPLIT.exec(text);
  if (!m) return [];
  return [m[1] ?? m[3], m[2] ?? m[4]].filter(Boolean).map((s) => s.trim()).slice(0, 3);
}

/**
 * Stage 2: what the query means beyond its words. Explicit references come first; glossary terms are
 * translated into the other two languages and mapped to sections; every section brings its counterpart in
 * the other code (IPC 302 ⇄ BNS 103) through the graph, and, when asked, the sections most often cited
 * with it. A fact pattern is embedded whole: its events are embedded one by one by the search (expand/events.ts),
 * to find the offences they name, not as separate dense queries.
 */
export async function expandQuery(
  a: QueryAnalysis,
  deps: {
    glossary: Glossary; elements: OffenceElements; graph: Pick<CitationGraph, 'equivalents' | 'coCited'>; catalogue: StatuteCatalogue; names?: NameMatch[];
    /** The sections the query names (namedSections), when the caller has them already. */
    named?: Map<string, NamedSection>;
  },
  o: ExpandOptions,
): Promise<Expansion> {
  const sections: ExpandedSection[] = [];
  const seen = new Set<string>();
  const add = (id: string, reason: SectionReason, via: string, list: ExpandedSection['list'] = reason === 'REFERENCE' ? 'reference' : 'glossary') => {
    if (seen.has(id) || !deps.catalogue.has(id)) return;
    seen.add(id);
    sections.push({ id, reason, via, list });
  };
  // Named sections first, those whose code was inferred next; the namesake of an inferred reference in the
  // other code ("Section 379" typed today could mean IPC 379 or BNS 379) comes after the glossary's sections.
  for (const r of a.references.filter((x) => !x.inferred)) add(namedId(r.id, deps.catalogue), 'REFERENCE', r.raw);
  for (const r of a.references.filter((x) => x.inferred)) add(namedId(r.id, deps.catalogue), 'REFERENCE', r.raw);

  const narrative = a.type === 'FACT_PATTERN';
  // What happened, without the acts only threatened ("if I don't pay he will smash the stall" is no mischief).
  const facts = withoutThreatenedActs(a.normalised);
  // In an incident narrative only offence words point to sections: "accused", "police station" or
  // "knife" map to definitions that would flood the list.
  const matches = deps.glossary.match(narrative ? facts : a.normalised).filter((m) => !narrative || m.entry.kind === 'offence' || m.entry.kind === 'punishment');
  // A narrative that states every ingredient of an offence names it more surely than any one word does. A short
  // description of an offence ("knowingly buying a stolen phone") is read the same way, but there the offence's
  // own name, when the glossary knows it, comes first: inferred sections follow the glossary's in its list.
  const inferred = narrative || !a.references.some((r) => !r.inferred) ? deps.elements.infer(facts) : [];
  const addInferred = () => {
    for (const o of inferred) for (const s of o.rule.sections) add(s, 'ELEMENTS', `${o.rule.offence}: ${o.cues.join(' + ')}`, narrative ? 'elements' : 'glossary');
  };
  if (narrative) addInferred();
  // In a narrative, a word for a lesser offence that an inferred one takes the place of ("axe blow" where the
  // victim died) adds no sections: the officer charges murder, not hurt with a weapon as well.
  const lesser = narrative ? deps.elements.lesserSections(inferred) : new Set<string>();
  const terms: ExpandedTerm[] = [];
  for (const m of matches) {
    // Within a concept, the provisions that punish come before those that define: an officer charges 379, not 378.
    const ordered = [...m.entry.sections].sort((x, y) => Number(deps.catalogue.isPenal(y)) - Number(deps.catalogue.isPenal(x)));
    // A concept the glossary maps only to its definitions (grievous hurt → IPC 320) is also looked up
    // among the provisions that punish it, through the statutes' own titles.
    // Only an offence has a punishing provision: "voluntarily" (a definition) or "punishment" (no sections) do not.
    if (m.entry.kind === 'offence' && m.entry.en[0] && ordered.length && !ordered.some((id) => deps.catalogue.isPenal(id))) {
      ordered.unshift(...deps.catalogue.punishingSections(m.entry.en[0]));
    }
    if (!(m.entry.kind === 'offence' && ordered.length && ordered.every((id) => lesser.has(id)))) {
      for (const s of ordered) add(s, 'GLOSSARY', m.term);
    }
    for (const [language, list] of [['en', m.entry.en], ['hi', m.entry.hi], ['gu', m.entry.gu]] as const) {
      for (const t of list.slice(0, 3)) if (t !== m.term) terms.push({ term: t, language, via: m.term });
    }
  }
  if (!narrative) addInferred();
  for (const r of a.references.filter((x) => x.inferred)) {
    add(`${counterpartCode(r.code)}:${r.number}`, 'REFERENCE', r.raw, 'glossary');
  }

  const similar = deps.names ?? [];
  const direct = sections.map((s) => s.id);
  const named = deps.named ?? namedSections(a, deps.catalogue);
  const equivalents = await deps.graph.equivalents(direct);
  const withEquivalents: ExpandedSection[] = [];
  for (const s of sections) {
    withEquivalents.push(s);
    for (const e of usefulEquivalents(equivalents, s.id, named.get(s.id))) {
      if (!seen.has(e.toId) && deps.catalogue.has(e.toId)) {
        seen.add(e.toId);
        withEquivalents.push({ id: e.toId, reason: 'EQUIVALENT', via: s.id, list: s.list });
      }
    }
  }
  // Shown among the expansion's sections when nothing else brought them; ranked in their own list either way.
  for (const m of similar) {
    if (!seen.has(m.id)) {
      seen.add(m.id);
      withEquivalents.push({ id: m.id, reason: 'NAME', via: m.name, list: 'names' });
    }
  }
  if (o.coCited) {
    for (const id of direct.slice(0, 3)) {
      for (const c of await deps.graph.coCited(id, 3, o.access)) {
        if (!seen.has(c.sectionId) && deps.catalogue.has(c.sectionId)) {
          seen.add(c.sectionId);
          withEquivalents.push({ id: c.sectionId, reason: 'CO_CITED', via: id, list: 'glossary' });
        }
      }
    }
  }

  const queryWords = words(a.normalised).filter((w) => !INDIC_STOPWORDS.has(w) && !(narrative && ROLE_WORDS.has(w)));
  const extraWords = terms.flatMap((t) => words(t.term)).filter((w) => !INDIC_STOPWORDS.has(w));
  const bridged = a.language === 'gu' ? queryWords.map(gujaratiToDevanagari) : [];
  const keywordTerms = [...new Set([...queryWords, ...bridged, ...extraWords])].slice(0, narrative ? 120 : 64);

  const phrases = [
    ...(a.normalised.length <= 80 ? [a.normalised] : []),
    ...matches.map((m) => m.term),
    ...terms.filter((t) => t.language !== 'gu').map((t) => t.term),
    ...(a.language === 'gu' && a.normalised.length <= 80 ? [gujaratiToDevanagari(a.normalised)] : []),
  ];

  const denseQueries = [a.normalised];
  const english = terms.filter((t) => t.language === 'en').map((t) => t.term);
  if (a.language !== 'en' && english.length) denseQueries.push(english.slice(0, 8).join('; '));
  const subs = a.type === 'COMPARATIVE' || a.type === 'COMPLEX' ? subQueries(a.normalised) : [];
  denseQueries.push(...subs);
  return { concepts: matches.length, offences: inferred.map((o) => o.rule.offence), sections: withEquivalents, similar, terms, keywordTerms, phrases: [...new Set(phrases)], denseQueries: [...new Set(denseQueries)], subQueries: subs };
}
