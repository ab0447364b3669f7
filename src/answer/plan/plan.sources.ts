import type { AccessScope } from '../../domain/access';
import type { DocumentStore } from '../../stores/documents/document.store';
import type { ChunkRecord, StoredDocument } from '../../stores/store.types';
import type { ContextBlock } from '../context';
import type { Plan } from './plan';

/** Where a step's citations point: the blocks of its provisions and of the SOP that governs it. */
export interface StepSources {
  provisions: number[];
  sops: number[];
}

export interface SourceOptions {
  documents: Pick<DocumentStore, 'getDocuments' | 'documentsCiting' | 'chunksOfSections' | 'chunksOfDocuments'>;
  countTokens(text: string): number;
  access?: AccessScope;
  /** The caller may read SOP documents. */
  withSops: boolean;
  /** Offence sections whose chargesheets count as similar cases (empty: none are looked up). */
  similarTo: string[];
  /** The case's own documents, never listed as similar. */
  exclude: Set<string>;
}

const BLOCK_CHARS = 700;
const SIMILAR_CASES = 3;

/**
 * The sources a plan cites, numbered as the answer cites them: each provision once (its bare-act section), then
 * for each step the newest SOP the caller may see that relies on one of the step's provisions, then a few
 * chargesheets of the same offences as similar cases.
 */
export async function planSources(plan: Plan, o: SourceOptions): Promise<{ blocks: ContextBlock[]; steps: Map<string, StepSources>; similar: ContextBlock[] }> {
  const steps = [...plan.todo, ...plan.done];
  const sectionIds = [...new Set(steps.flatMap((s) => s.provisions))];
  const blocks: ContextBlock[] = [];
  const push = (document: StoredDocument, chunks: ChunkRecord[], sectionId: string | null, body: string) => {
    const header = `[Source: ${document.id}, ${document.district ?? '—'}, ${document.date ?? '—'}]`;
    const text = body.length > BLOCK_CHARS ? `${body.slice(0, BLOCK_CHARS)}…` : body;
    const block: ContextBlock = { n: blocks.length + 1, document, chunks, sectionId, header, text, tokens: o.countTokens(`${header}\n${text}`) };
    blocks.push(block);
    return block;
  };

  const chunks = await o.documents.chunksOfSections(sectionIds, { access: o.access });
  const docIds = [...new Set(chunks.map((c) => c.documentId))];
  const docs = new Map((await o.documents.getDocuments(docIds, o.access)).map((d) => [d.id, d]));
  const bySection = new Map<string, number>();
  for (const id of sectionIds) {
    const own = chunks.filter((c) => c.sectionId === id);
    const doc = own[0] && docs.get(own[0].documentId);
    if (!doc) continue;
    bySection.set(id, push(doc, own, id, `${own[0].heading}\n${own.map((c) => c.text).join('\n')}`).n);
  }

  const sopOf = new Map<string, number>();
  const sops = o.withSops ? await o.documents.documentsCiting(sectionIds, ['SOP'], o.access, 20) : [];
  const sopChunks = sops.length ? await o.documents.chunksOfDocuments(sops.map((d) => d.id)) : [];
  const stepSources = new Map<string, StepSources>();
  for (const s of steps) {
    const sop = sops.find((d) => d.sections.some((id) => s.provisions.includes(id)));
    let sopBlock = sop && sopOf.get(sop.id);
    if (sop && sopBlock === undefined) {
      const own = sopChunks.filter((c) => c.documentId === sop.id);
      const best = own.find((c) => c.sections.some((id) => s.provisions.includes(id))) ?? own[0];
      if (best) {
        sopBlock = push(sop, [best], null, `${sop.title}\n(${best.sectionName}) ${best.text}`).n;
        sopOf.set(sop.id, sopBlock);
      }
    }
    stepSources.set(s.step.id, {
      provisions: s.provisions.map((id) => bySection.get(id)).filter((n): n is number => n !== undefined),
      sops: sopBlock === undefined ? [] : [sopBlock],
    });
  }

  const similar: ContextBlock[] = [];
  if (o.similarTo.length) {
    const cases = (await o.documents.documentsCiting(o.similarTo, ['CHARGESHEET'], o.access, SIMILAR_CASES + o.exclude.size))
      .filter((d) => !o.exclude.has(d.id)).slice(0, SIMILAR_CASES);
    const caseChunks = cases.length ? await o.documents.chunksOfDocuments(cases.map((d) => d.id)) : [];
    for (const d of cases) {
      const own = caseChunks.filter((c) => c.documentId === d.id);
      const best = own.find((c) => c.sectionName === 'investigation') ?? own[0];
      if (best) similar.push(push(d, [best], null, `${d.title}\n(${best.sectionName}) ${best.text}`));
    }
  }
  return { blocks, steps: stepSources, similar };
}
