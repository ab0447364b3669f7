"""Fits the section classifier: one logistic regression per section over the labelled examples' embeddings (each
example twice: its passage vector and its query vector, as train-sections writes them).

Run by `npm run train:sections`, which writes the examples' vectors and sections to INPUT_DIR and reads OUTPUT back:
    python3 tools/sections/fit.py INPUT_DIR OUTPUT_PREFIX
INPUT_DIR holds vectors.f32 (n x dims, little-endian float32, row-major) and input.json ({"dims", "sections": [[id, ...], ...]}).
Writes OUTPUT_PREFIX.f32 (labels x dims weights, row-major) and OUTPUT_PREFIX.json (labels, bias, scale, how it was fitted).

Full-batch Adam: deterministic (the same lines give the same weights) and, with numpy, about a minute on 2 cores;
a plain-JavaScript loop over the same products would take over an hour, hence Python for this one fit.
"""
import json
import sys
import time

import numpy as np

L2 = 1e-5
ITERATIONS = 400
LEARNING_RATE = 0.05
# e5 vectors are unit length: their products are small, so the weights would need to be large; scaling the inputs
# lets Adam's step size suit every label alike.
SCALE = 10.0
# A section is cited by a handful of the 5,000 lines: starting near its base rate saves the first hundred steps.
BIAS_START = -5.0


def fit(x, y):
    n, dims = x.shape
    xs = x * SCALE
    w = np.zeros((dims, y.shape[1]), dtype=np.float32)
    b = np.full(y.shape[1], BIAS_START, dtype=np.float32)
    m, v = np.zeros_like(w), np.zeros_like(w)
    mb, vb = np.zeros_like(b), np.zeros_like(b)
    for t in range(1, ITERATIONS + 1):
        p = 1.0 / (1.0 + np.exp(-(xs @ w + b)))
        g = (p - y) / n
        gw = xs.T @ g + L2 * w
        gb = g.sum(0)
        m = 0.9 * m + 0.1 * gw
        v = 0.999 * v + 0.001 * gw * gw
        mb = 0.9 * mb + 0.1 * gb
        vb = 0.999 * vb + 0.001 * gb * gb
        c1, c2 = 1 - 0.9 ** t, 1 - 0.999 ** t
        w -= LEARNING_RATE * (m / c1) / (np.sqrt(v / c2) + 1e-8)
        b -= LEARNING_RATE * (mb / c1) / (np.sqrt(vb / c2) + 1e-8)
    return w, b


def main(input_dir, output_prefix):
    meta = json.load(open(f'{input_dir}/input.json', encoding='utf8'))
    dims, sections = meta['dims'], meta['sections']
    x = np.fromfile(f'{input_dir}/vectors.f32', dtype='<f4').reshape(len(sections), dims)
    labels = sorted({s for row in sections for s in row})
    index = {s: i for i, s in enumerate(labels)}
    y = np.zeros((len(sections), len(labels)), dtype=np.float32)
    for i, row in enumerate(sections):
        for s in row:
            y[i, index[s]] = 1
    started = time.time()
    w, b = fit(x, y)
    scores = (x * SCALE) @ w + b
    top1 = float(np.mean([y[i, j] for i, j in enumerate(scores.argmax(1))]))
    w.T.astype('<f4').tofile(f'{output_prefix}.f32')
    json.dump({
        'dims': dims, 'scale': SCALE, 'labels': labels, 'bias': [round(float(a), 6) for a in b],
        'fitted': {'examples': len(sections), 'labels': len(labels), 'l2': L2, 'iterations': ITERATIONS,
                   'learningRate': LEARNING_RATE, 'trainingTop1': round(top1, 4), 'seconds': round(time.time() - started, 1)},
    }, open(f'{output_prefix}.json', 'w', encoding='utf8'))
    print(f'{len(labels)} sections from {len(sections)} examples; training top-1 {top1:.3f}; {time.time() - started:.0f} s')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
