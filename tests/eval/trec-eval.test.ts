import fs from 'node:fs';
import path from 'node:path';
import { evaluateRun, parseRun, readQrels, type TrecScores } from '../../src/eval/trec';

/**
 * The project's MAP, P@10, BPREF and recip_rank against the real trec_eval's figures on the same files.
 * The expected JSON was written once by scripts/trec_eval_reference.py (pytrec_eval-terrier, trec_eval's C
 * code); its "command" field says how. A figure that differs in the fourth decimal fails the test.
 */
const dir = path.join(__dirname, '..', 'fixtures', 'trec');

interface Expected { tool: string; queries: number; overall: TrecScores; byQuery: Record<string, TrecScores> }

const MEASURES: (keyof TrecScores)[] = ['map', 'P@10', 'bpref', 'recip_rank'];

describe.each([
  // The full pipeline's run on the 10 AILA 2019 training queries, as committed in bench-results/.
  ['aila-train.run', 'aila-qrels-train.txt', 'aila-train.trec_eval.json'],
  // Tied scores, unjudged and pool-but-unjudged (negative) documents, a query with no relevant document,
  // one whose relevant documents are never retrieved, fewer non-relevant than relevant, a query only in the
  // run and one only in the qrels.
  ['edge-cases.run', 'edge-cases.qrels', 'edge-cases.trec_eval.json'],
])('%s against trec_eval', (runFile, qrelsFile, expectedFile) => {
  const expected = JSON.parse(fs.readFileSync(path.join(dir, expectedFile), 'utf8')) as Expected;
  const ours = evaluateRun(parseRun(fs.readFileSync(path.join(dir, runFile), 'utf8')), readQrels(path.join(dir, qrelsFile)));

  it('evaluates the same queries', () => {
    expect(expected.tool).toMatch(/trec_eval/);
    expect(Object.keys(ours.byQuery).sort()).toEqual(Object.keys(expected.byQuery).sort());
    expect(ours.queries).toBe(expected.queries);
  });

  it.each(Object.keys(expected.byQuery))('query %s', (qid) => {
    for (const m of MEASURES) expect({ [m]: ours.byQuery[qid][m] }).toEqual({ [m]: expect.closeTo(expected.byQuery[qid][m], 4) });
  });

  it('overall', () => {
    for (const m of MEASURES) expect({ [m]: ours.overall[m] }).toEqual({ [m]: expect.closeTo(expected.overall[m], 4) });
  });
});

describe('reading a run as trec_eval does', () => {
  it('orders by score, ties by docno in descending byte order, whatever the rank column says', () => {
    const ranked = parseRun(fs.readFileSync(path.join(dir, 'edge-cases.run'), 'utf8')).get('q1');
    expect(ranked).toEqual(['u1', 'd4', 'd1', 'd9', 'd10', 'd2', 'd11', 'd12', 'u2', 'u3', 'd3']);
  });

  it('refuses a document listed twice for one query, as trec_eval does', () => {
    expect(() => parseRun('q Q0 a 1 2 t\nq Q0 a 2 1 t\n')).toThrow(/twice/);
  });
});
