import type { QueryAnalysis } from '../analyse/analyse';
import type { SearchContext, StageResult } from '../search/pipeline';
import type { CitationGraph } from '../stores/graph/graph.types';
import { OffenceElements } from './elements';
import { expandQuery, type Expansion } from './expand';
import { namedSections, type NamedSection } from './sections';
import { Glossary } from './glossary';
import type { ExampleMatch } from './examples';
import type { NameMatch } from './section-names';

/** Stand-ins for ablation runs that turn the glossary, the offence elements or the graph expansion off. */
const NO_GLOSSARY = new Glossary([]);
const NO_ELEMENTS = OffenceElements.none();
const NO_GRAPH: Pick<CitationGraph, 'equivalents' | 'coCited'> = { equivalents: async () => [], coCited: async () => [] };

/**
 * Stage 2, as the pipeline runs it: expandQuery with the request's ablations applied (`disable`), and the graph's
 * failures recorded rather than thrown. `near` holds the section names near the query in meaning and the sections of
 * the labelled examples nearest it (SearchService keeps the embeddings of both).
 */
export async function expandStage(
  analysis: QueryAnalysis, near: { names: NameMatch[]; examples: ExampleMatch[] | null; classified: ExampleMatch[] }, ctx: SearchContext, lexicon: { glossary: Glossary; elements: OffenceElements },
): Promise<StageResult<{ expansion: Expansion; named: Map<string, NamedSection> }>> {
  const { off, req } = ctx;
  // The sections the query names, with their sub-sections: the section expansion after rerank needs them too.
  const named = namedSections(analysis, ctx.deps.catalogue);
  let expansion = await expandQuery(
    analysis,
    {
      glossary: off.expansion ? NO_GLOSSARY : lexicon.glossary,
      elements: off.expansion || off.elements ? NO_ELEMENTS : lexicon.elements,
      graph: off.equivalents ? NO_GRAPH : ctx.graph,
      catalogue: ctx.deps.catalogue,
      names: near.names,
      examples: near.examples ?? [],
      classified: near.classified,
      named,
    },
    { coCited: !!req.expandCoCited, access: req.filter?.access },
  );
  if (off.sections) expansion = { ...expansion, sections: [] };
  if (off.expansion) expansion = { ...expansion, concepts: 0 };
  const failed = ctx.graphFailures[0];
  if (failed) ctx.missing.add(ctx.deps.stores.graph.name);
  const inferred = expansion.offences.length ? `offences inferred: ${expansion.offences.join(', ')}; ` : '';
  return {
    output: { expansion, named },
    report: {
      status: failed ? 'FAILED' : off.expansion ? 'SKIPPED' : 'RAN',
      detail: failed ?? `${inferred}${expansion.sections.length} sections, ${expansion.terms.length} terms, ${expansion.similar.length} names near in meaning, ${near.examples ? `${expansion.examples.length} sections of near examples` : 'examples still being embedded'}, ${expansion.denseQueries.length} dense queries`,
    },
  };
}
