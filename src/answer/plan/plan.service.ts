import { canSee, type AccessScope } from '../../domain/access';
import type { DocumentType } from '../../domain/document.types';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { SearchRequest, SearchResponse } from '../../search/search.types';
import type { DocumentStore } from '../../stores/documents/document.store';
import type { StoredDocument } from '../../stores/store.types';
import { detectLanguage } from '../../text/script';
import type { ContextBlock } from '../context';
import { chooseEra, dateInText } from './era';
import { detectFamilies } from './families';
import { buildPlan, type Plan } from './plan';
import { loadProcedure, type Procedure } from './procedure.data';
import type { RecordDocument } from './record';
import { planSources, type StepSources } from './plan.sources';

export interface PlanDeps {
  search: { search(req: SearchRequest): Promise<SearchResponse> };
  documents: Pick<DocumentStore, 'getDocuments' | 'caseDocuments' | 'documentsCiting' | 'chunksOfSections' | 'chunksOfDocuments'>;
  countTokens(text: string): number;
}

export interface PlanRequest {
  /** The question; it may hold the FIR's text itself. */
  query: string;
  /** An FIR in the store: its text, date and case record are used. */
  firId?: string;
  /** The FIR's date when it is not in the store. */
  date?: string;
  access?: AccessScope;
  /** Further documents of the case given with the question (evaluation; a client without a store). */
  record?: RecordDocument[];
}

export interface CasePlan {
  plan: Plan;
  language: string;
  date: string | null;
  eraDecidedBy: 'date' | 'citations' | 'today';
  firId: string | null;
  /** Only bare law was used: the caller may not read SOPs or case records. */
  statutoryOnly: boolean;
  blocks: ContextBlock[];
  sources: Map<string, StepSources>;
  similar: ContextBlock[];
  search: SearchResponse;
}

const MAX_FIR_CHARS = 4000;

export function documentText(d: StoredDocument): string {
  return [d.input.text ?? '', ...(d.input.parts ?? []).map((p) => p.text)].filter(Boolean).join('\n');
}

const asRecord = (d: StoredDocument): RecordDocument => ({ id: d.id, type: d.type, title: d.title, text: documentText(d) });

/**
 * SOP_ASSISTANT: the next investigation steps for an FIR. The offence families come from what the FIR cites and
 * what its story states (the search's analysis and expansion), the code from its date, the steps from the
 * procedure data, and what is already done from the rest of the case record the caller may see.
 */
export class PlanService {
  constructor(private readonly deps: PlanDeps, private readonly procedure: Procedure = loadProcedure()) {}

  async plan(req: PlanRequest): Promise<CasePlan> {
    const mayReadCases = canSee(req.access, { type: 'CHARGESHEET', district: null }) || (req.access?.districts.length ?? 0) > 0;
    const fir = req.firId ? await this.fir(req.firId, req.access) : null;
    const firText = fir ? documentText(fir) : req.query;
    const record: RecordDocument[] = fir
      ? (fir.input.extra?.firNumber ? await this.deps.documents.caseDocuments(fir.input.extra.firNumber, fir.district, req.access) : [fir]).map(asRecord)
      : [{ id: 'query', type: 'FIR', title: '', text: req.query }];
    if (fir && !record.some((r) => r.id === fir.id)) record.unshift(asRecord(fir));
    record.push(...(req.record ?? []));

    const search = await this.deps.search.search({
      query: firText.slice(0, MAX_FIR_CHARS), topK: 5, maxPerDocument: 1,
      filter: { documentTypes: ['BARE_ACT_SECTION'], access: req.access },
    });
    const named = [...new Set([...(fir?.sections ?? []), ...search.expansion.sections.filter((s) => s.reason === 'REFERENCE').map((s) => s.id)])];
    const inferred = search.expansion.sections.filter((s) => s.reason === 'ELEMENTS' || s.reason === 'GLOSSARY').map((s) => s.id);
    const ranked = search.hits.map((h) => h.chunk.sectionId).filter((s): s is string => !!s);
    const families = detectFamilies(this.procedure, { named, inferred, ranked });

    const date = req.date ?? fir?.date ?? dateInText(firText);
    const { era, decidedBy } = chooseEra(date, named);
    const language = req.query.trim() ? detectLanguage(req.query).language : fir?.language ?? 'en';
    const plan = buildPlan(this.procedure, families, era, language, record);

    const caseIds = new Set(record.map((r) => r.id));
    const mayReadSops = canSee(req.access, { type: 'SOP' as DocumentType, district: null });
    const src = await planSources(plan, {
      documents: this.deps.documents, countTokens: this.deps.countTokens, access: req.access,
      withSops: mayReadSops,
      similarTo: mayReadCases ? families.flatMap((f) => [...f.offences.new, ...f.offences.old]) : [],
      exclude: caseIds,
    });
    return {
      plan, language, date: date ?? null, eraDecidedBy: decidedBy, firId: fir?.id ?? null,
      statutoryOnly: !mayReadSops,
      blocks: src.blocks, sources: src.steps, similar: src.similar, search,
    };
  }

  /** The FIR by id, answered alike for an id that does not exist and one the caller may not see. */
  private async fir(id: string, access?: AccessScope): Promise<StoredDocument> {
    const [doc] = await this.deps.documents.getDocuments([id], access);
    if (!doc) throw new AppError(ErrorCode.NOT_FOUND, `no FIR "${id}" that this caller may read`);
    if (doc.type !== 'FIR') throw new AppError(ErrorCode.BAD_USER_INPUT, `document "${id}" is a ${doc.type}, not an FIR: give an FIR's id or its text`);
    return doc;
  }
}
