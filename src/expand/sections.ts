import type { AccessScope } from '../domain/access';
import type { QueryAnalysis } from '../analyse/analyse';
import { counterpartCode } from '../domain/codes';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { CitationGraph } from '../stores/graph/graph.types';
import type { OffenceElements, InferredOffence } from './elements';
import type { Glossary, GlossaryMatch } from './glossary';
import type { NameMatch } from './section-names';
import { withoutThreatenedActs } from './threats';

export type SectionReason = 'REFERENCE' | 'ELEMENTS' | 'GLOSSARY' | 'NAME' | 'EQUIVALENT' | 'CO_CITED';

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

/** What the query's own words point to, before the graph: sections, the glossary's matches and their translations. */
export interface LexicalSections {
  sections: ExpandedSection[];
  matches: GlossaryMatch[];
  terms: ExpandedTerm[];
  /** Offences inferred from the ingredients a narrative or an offence description states (murder: died + axe). */
  inferred: InferredOffence[];
}

/** Adds each section once, and only sections the catalogue has. */
class SectionList {
  readonly list: ExpandedSection[] = [];
  readonly seen = new Set<string>();

  constructor(private readonly catalogue: Pick<StatuteCatalogue, 'has'>) {}

  add(s: ExpandedSection): void {
    if (this.seen.has(s.id) || !this.catalogue.has(s.id)) return;
    this.seen.add(s.id);
    this.list.push(s);
  }
}

/**
 * The sections the query's words bring: references it makes, offences whose ingredients it states, glossary terms
 * it uses (each translated into the other two languages for the keyword and dense lists).
 */
export function lexicalSections(a: QueryAnalysis, deps: { glossary: Glossary; elements: OffenceElements; catalogue: StatuteCatalogue }): LexicalSections {
  const out = new SectionList(deps.catalogue);
  const add = (id: string, reason: SectionReason, via: string, list: ExpandedSection['list'] = reason === 'REFERENCE' ? 'reference' : 'glossary') =>
    out.add({ id, reason, via, list });
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

  return { sections: out.list, matches, terms, inferred };
}

/**
 * What the graph adds to the query's own sections: every section's counterpart in the other code (IPC 302 ⇄ BNS 103),
 * the sections whose names are near the query in meaning, and, when asked, the sections most often cited with the
 * first three.
 */
export async function graphSections(
  direct: ExpandedSection[],
  deps: { graph: Pick<CitationGraph, 'equivalents' | 'coCited'>; catalogue: Pick<StatuteCatalogue, 'has'>; named: Map<string, NamedSection>; similar: NameMatch[] },
  o: { coCited: boolean; access?: AccessScope },
): Promise<ExpandedSection[]> {
  const out = new SectionList(deps.catalogue);
  const ids = direct.map((s) => s.id);
  for (const id of ids) out.seen.add(id);
  const equivalents = await deps.graph.equivalents(ids);
  for (const s of direct) {
    out.list.push(s);
    for (const e of usefulEquivalents(equivalents, s.id, deps.named.get(s.id))) out.add({ id: e.toId, reason: 'EQUIVALENT', via: s.id, list: s.list });
  }
  // Shown among the expansion's sections when nothing else brought them; ranked in their own list either way.
  for (const m of deps.similar) {
    if (!out.seen.has(m.id)) {
      out.seen.add(m.id);
      out.list.push({ id: m.id, reason: 'NAME', via: m.name, list: 'names' });
    }
  }
  if (o.coCited) {
    for (const id of ids.slice(0, 3)) {
      for (const c of await deps.graph.coCited(id, 3, o.access)) out.add({ id: c.sectionId, reason: 'CO_CITED', via: id, list: 'glossary' });
    }
  }
  return out.list;
}
