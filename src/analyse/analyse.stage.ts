import type { SearchRequest } from '../search/search.types';
import type { StageResult } from '../search/pipeline';
import { analyseQuery, type QueryAnalysis } from './analyse';

/** Stage 1: language, query type and the references the query names. */
export function analyseStage(req: SearchRequest): StageResult<QueryAnalysis> {
  // A search narrowed to document types or codes returns one hit fewer by default: its results are already focused.
  const narrowed = !!(req.filter?.documentTypes?.length || req.filter?.codes?.length);
  const analysis = analyseQuery(req.query, { narrowed });
  return { output: analysis, report: { status: 'RAN', detail: `${analysis.language} ${analysis.type} (${analysis.confidence})` } };
}
