import { createHash } from 'node:crypto';
import { chunkDocument } from '../chunk/chunker';
import type { TokenCounter } from '../chunk/pack';
import type { DocumentInput } from '../domain/document.types';
import type { Glossary } from '../expand/glossary';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { ChunkRecord, DocumentCitation, StoredDocument } from '../stores/store.types';
import { normaliseText } from '../text/normalise';
import { detectLanguage, gujaratiToDevanagari } from '../text/script';
import { extractCitations, type Citation } from '../citations/extract';

/** Bumped when chunking or enrichment changes, so unchanged documents are re-indexed once. */
export const PIPELINE_VERSION = '1';

export interface PreparedDocument {
  document: StoredDocument;
  chunks: ChunkRecord[];
  /** The text each chunk is embedded from (heading or title included), in chunk order. */
  embedTexts: string[];
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

export function contentHash(input: DocumentInput): string {
  return createHash('sha256').update(PIPELINE_VERSION).update(stableJson(input)).digest('hex');
}

function normaliseInput(d: DocumentInput): DocumentInput {
  return {
    ...d,
    title: normaliseText(d.title),
    text: d.text === undefined ? undefined : normaliseText(d.text),
    parts: d.parts?.map((p) => ({ name: p.name.trim().toLowerCase(), text: normaliseText(p.text) })).filter((p) => p.text),
  };
}

interface Deps {
  count: TokenCounter;
  catalogue: StatuteCatalogue;
  glossary: Glossary;
}

/** Citations merged by section id: sub-sections pooled, inferred only if every mention was inferred. */
function mergeCitations(found: Citation[]): DocumentCitation[] {
  const by = new Map<string, DocumentCitation>();
  for (const c of found) {
    const prev = by.get(c.id) ?? { sectionId: c.id, subsections: [], inferred: true };
    if (c.subsection && !prev.subsections.includes(c.subsection)) prev.subsections.push(c.subsection);
    prev.inferred = prev.inferred && c.inferred;
    by.set(c.id, prev);
  }
  return [...by.values()];
}

/**
 * Validated input → the document and its chunks as the store will hold them (embeddings still missing):
 * normalised text, detected language, content hash, structural chunks, citations checked against the
 * statute catalogue, and the search text each chunk is indexed with.
 */
export function prepareDocument(raw: DocumentInput, deps: Deps): PreparedDocument {
  const input = normaliseInput(raw);
  const hash = contentHash(input);
  const id = input.id ?? `doc-${hash.slice(0, 20)}`;
  const allText = [input.title, input.text ?? '', ...(input.parts ?? []).map((p) => p.text)].join('\n');
  const detected = detectLanguage(allText);
  const language = input.language ?? detected.language;
  const warnings: string[] = [];
  if (input.language && input.language !== detected.language && !detected.mixed) {
    warnings.push(`language given as ${input.language} but the text reads as ${detected.language}`);
  }

  const drafts = chunkDocument(input, deps.count);
  const isStatute = input.type === 'BARE_ACT_SECTION' && input.statute;
  const ownSection = isStatute ? `${input.statute!.code}:${input.statute!.number.toUpperCase()}` : null;
  const opts = { date: input.date };
  const perChunk = drafts.map((d) => (isStatute ? [] : extractCitations(d.text, opts)));
  const header = (input.sectionsCited ?? []).flatMap((s) => {
    const found = extractCitations(s, opts);
    return found.length ? found : extractCitations(`Section ${s}`, opts);
  });
  let citations = isStatute ? [] : mergeCitations([...header, ...perChunk.flat()]);
  const unknown = citations.filter((c) => !deps.catalogue.has(c.sectionId));
  for (const u of unknown) warnings.push(`unknown section ${u.sectionId} was not linked`);
  citations = citations.filter((c) => deps.catalogue.has(c.sectionId));
  const known = new Set(citations.map((c) => c.sectionId));
  const sections = ownSection ? [ownSection] : [...known];

  const document: StoredDocument = {
    id, type: input.type, title: input.title, language, date: input.date ?? null, district: input.district ?? null,
    policeStation: input.policeStation ?? null, court: input.court ?? null,
    authority: input.authority ?? (isStatute ? 'ACT' : input.type === 'COURT_RULING' ? 'SUPREME_COURT' : input.type === 'SOP' ? 'SOP' : 'CASE_RECORD'),
    contentHash: hash, sections, citations, input, warnings,
  };
  const citedTitles = [...known].flatMap((s) => {
    const node = deps.catalogue.get(s);
    return node ? [node.title ?? '', node.titleHi ?? ''] : [];
  });
  const chunks: ChunkRecord[] = drafts.map((d, i) => {
    const chunkSections = ownSection ? [ownSection] : [...new Set(perChunk[i].map((c) => c.id).filter((s) => known.has(s)))];
    const enrich: string[] = [];
    if (ownSection) {
      enrich.push(input.extra?.equivalents ?? '');
      for (const e of deps.glossary.entriesForSection(ownSection)) enrich.push(...e.en, ...e.hi, ...e.gu, ...e.gu.map(gujaratiToDevanagari));
    } else {
      enrich.push(...citedTitles);
    }
    if (language === 'gu') enrich.push(gujaratiToDevanagari(d.text));
    return {
      id: `${id}#${i}`, documentId: id, ord: i, sectionName: d.sectionName, heading: d.heading, text: d.text, citation: d.citation,
      sectionId: d.sectionId, chunkIndex: d.chunkIndex, totalChunks: d.totalChunks, documentType: input.type, language,
      date: document.date, district: document.district, sections: chunkSections, tokenCount: d.tokens,
      searchText: [d.text, ...enrich.filter(Boolean)].join('\n'), embedding: null,
    };
  });
  const embedTexts = drafts.map((d) => `${isStatute ? d.heading : input.title}\n${d.text}`);
  return { document, chunks, embedTexts };
}
