"""Reference figures for tests/eval/trec-eval.test.ts, computed by trec_eval's own C code.

Why: src/eval/metrics.ts re-implements trec_eval's map, P_10, bpref and recip_rank; this script asks the real
trec_eval (as wrapped by the PyPI package pytrec_eval-terrier) for the same figures once, and the test checks
the TypeScript against the committed JSON, so the test itself needs no Python.

Run from the repository root:
    python3 -m venv .cache/trec-venv && .cache/trec-venv/bin/pip install pytrec_eval-terrier==0.5.11
    .cache/trec-venv/bin/python scripts/trec_eval_reference.py \
        tests/fixtures/trec/aila-train.run tests/fixtures/trec/aila-qrels-train.txt > tests/fixtures/trec/aila-train.trec_eval.json
    .cache/trec-venv/bin/python scripts/trec_eval_reference.py \
        tests/fixtures/trec/edge-cases.run tests/fixtures/trec/edge-cases.qrels > tests/fixtures/trec/edge-cases.trec_eval.json
"""
import json
import sys
from importlib.metadata import version

import pytrec_eval

# The project's names for trec_eval's measures.
MEASURES = {'map': 'map', 'P@10': 'P_10', 'bpref': 'bpref', 'recip_rank': 'recip_rank'}


def main(run_file: str, qrels_file: str) -> None:
    with open(qrels_file, encoding='utf8') as f:
        qrels = pytrec_eval.parse_qrel(line for line in f if line.strip())
    with open(run_file, encoding='utf8') as f:
        run = pytrec_eval.parse_run(line for line in f if line.strip())
    per_query = pytrec_eval.RelevanceEvaluator(qrels, set(MEASURES.values())).evaluate(run)
    by_query = {qid: {ours: per_query[qid][theirs] for ours, theirs in MEASURES.items()} for qid in sorted(per_query)}
    # trec_eval's "all" line (without -c): the mean over the queries that have both results and judgments.
    overall = {ours: sum(q[ours] for q in by_query.values()) / len(by_query) for ours in MEASURES}
    json.dump({
        'tool': f"pytrec_eval-terrier {version('pytrec_eval-terrier')} (trec_eval's C code)",
        'command': f'.cache/trec-venv/bin/python scripts/trec_eval_reference.py {run_file} {qrels_file}',
        'measures': MEASURES,
        'queries': len(by_query),
        'overall': overall,
        'byQuery': by_query,
    }, sys.stdout, indent=2)
    sys.stdout.write('\n')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: trec_eval_reference.py RUN QRELS > expected.json')
    main(sys.argv[1], sys.argv[2])
