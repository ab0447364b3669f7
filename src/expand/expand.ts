import type { AccessScope } from '../domain/access';
import type { QueryAnalysis } from '../analyse/analyse';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { CitationGraph } from '../stores/graph/graph.types';
import type { OffenceElements } from './elements';
import type { Glossary } from './glossary';
import { denseQueries, keywordTerms, phrases, subQueries } from './query-terms';
import type { ExampleMatch } from './examples';
import type { NameMatch } from './section-names';
import { graphSections, lexicalSections, namedSections, type ExpandedSection, type ExpandedTerm, type NamedSection } from './sections';

export type { ExpandedSection, ExpandedTerm, NamedSection, SectionReason } from './sections';

export interface Expansion {
  /** Glossary concepts matched: many concepts make each one weaker evidence. */
  concepts: number;
  /** Offences inferred from the ingredients a narrative or an offence description states (murder: died + axe). */
  offences: string[];
  sections: ExpandedSection[];
  /** Sections whose title or glossary name is nearest the query in meaning, nearest first (their own ranked list). */
  similar: NameMatch[];
  /** Sections voted by the labelled examples nearest the query, best first (their own ranked list). */
  examples: ExampleMatch[];
  /** Sections the section classifier fitted on the examples rates most probable, best first (their own ranked list). */
  classified: ExampleMatch[];
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

/**
 * Stage 2: what the query means beyond its words. Explicit references come first; glossary terms are
 * translated into the other two languages and mapped to sections; every section brings its counterpart in
 * the other code (IPC 302 ⇄ BNS 103) through the graph, and, when asked, the sections most often cited
 * with it (sections.ts). Then the terms of the keyword list, the phrases and the dense queries (query-terms.ts).
 * A fact pattern is embedded whole: its events are embedded one by one by the search (expand/events.ts), to find
 * the offences they name, not as separate dense queries.
 */
export async function expandQuery(
  a: QueryAnalysis,
  deps: {
    glossary: Glossary; elements: OffenceElements; graph: Pick<CitationGraph, 'equivalents' | 'coCited'>; catalogue: StatuteCatalogue; names?: NameMatch[]; examples?: ExampleMatch[]; classified?: ExampleMatch[];
    /** The sections the query names (namedSections), when the caller has them already. */
    named?: Map<string, NamedSection>;
  },
  o: ExpandOptions,
): Promise<Expansion> {
  const lexical = lexicalSections(a, deps);
  const similar = deps.names ?? [];
  const sections = await graphSections(lexical.sections, { ...deps, named: deps.named ?? namedSections(a, deps.catalogue), similar }, o);
  const subs = a.type === 'COMPARATIVE' || a.type === 'COMPLEX' ? subQueries(a.normalised) : [];
  return {
    concepts: lexical.matches.length,
    offences: lexical.inferred.map((x) => x.rule.offence),
    sections,
    similar,
    examples: deps.examples ?? [],
    classified: deps.classified ?? [],
    terms: lexical.terms,
    keywordTerms: keywordTerms(a, lexical.terms),
    phrases: phrases(a, lexical.matches, lexical.terms),
    denseQueries: denseQueries(a, lexical.terms, subs),
    subQueries: subs,
  };
}
