#!/usr/bin/env node
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createApp } from '../app/app';
import { DOCUMENT_TYPES, type DocumentType } from '../domain/document.types';
import { configOrExit, exitOnStartupFailure, holdDataDir } from '../main';
import { ingestCommand } from './ingest.command';
import { seedCommand } from './seed.command';
import { evalCommand } from './eval.command';
import { benchFirstStartCommand, benchIngestCommand, benchLoadCommand, benchRerankCommand, benchSearchCommand } from './bench.command';
import { searchCommand } from './search.command';
import { tokenCommand } from './token.command';
import { packEmbeddingsCommand } from './pack-embeddings.command';
import { trainDomainCommand } from './train-domain.command';
import { trainSectionsCommand } from './train-sections.command';
import { buildExamplesCommand } from './build-examples.command';

const USAGE = `usage: nyaya <command> [options]
  seed                                  load seeds/ (bare acts, judgments, sample cases)
  ingest <file|dir> [--type T] [--json] ingest .json / .md / .txt documents
  search "<query>" [--top-k 5] [--json] run the search pipeline
  eval --queries <file.jsonl> [--json out.json]
  eval --aila <dir> --qrels <file> [--run-out run.txt] [--json out.json]
  eval --plans <file.jsonl> [--json out.json] [--verbose]   SOP_ASSISTANT plans against expected steps
  bench-ingest | bench-search           benchmarks (results in bench-results/); bench-ingest [--model-thread]: the
                                        models on their own thread, as the server runs them; bench-search --chunks 10000,100000
                                        [--real-firs 1650]: past that many FIRs, vectors derived from theirs;
                                        EVAL_KEEP_NAMESPACE=1 keeps the index, --namespace eval_… measures it again
  bench-rerank [--models a,b] [--chunks 10000,100000] [--real-firs 1650] [--caps 128,256,512]
                                        search with rerank vs the reranker alone, passage caps, padding
  bench-load [--levels 1,5,20] [--requests 60,100,200] [--firs 400] [--docs 6] [--doc-kib 100] [--seconds 180]
                                        HTTP/WebSocket load and memory benchmark (node --expose-gc for the GC figures)
  bench-first-start [--variants shipped,computed] [--seconds 1800]
                                        fresh-clone start of the compiled server: seconds to /healthz and to /readyz 200
  eval … [--variants "full,no rerank"]     only the named ablation rows
  pack-embeddings                       write seeds/embeddings/ for EMBEDDING_MODEL (the seed's passage vectors)
  train-domain [--data dir|files] [--out file]   fit the domain classifier (refusal) on EMBEDDING_MODEL's vectors
  build-examples [--data dir] [--out file]       write seeds/examples/ (labelled examples that vote sections) from training lines
  train-sections                        fit the section classifier on the examples (needs python3 with numpy; PYTHON=…)
  token --role R [--districts a,b] [--sub id] [--expires 8h]   print a JWT for the API`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest, allowPositionals: true, strict: false,
    options: {
      type: { type: 'string' }, json: { type: 'string' }, 'no-json': { type: 'boolean' }, 'top-k': { type: 'string' }, queries: { type: 'string' }, plans: { type: 'string' }, aila: { type: 'string' },
      qrels: { type: 'string' }, role: { type: 'string' }, districts: { type: 'string' }, sub: { type: 'string' }, expires: { type: 'string' }, 'run-out': { type: 'string' }, sizes: { type: 'string' }, chunks: { type: 'string' }, 'real-firs': { type: 'string' }, profiles: { type: 'string' }, rounds: { type: 'string' }, levels: { type: 'string' }, requests: { type: 'string' }, firs: { type: 'string' }, docs: { type: 'string' }, 'doc-kib': { type: 'string' }, seconds: { type: 'string' }, ablate: { type: 'boolean' }, variants: { type: 'string' }, models: { type: 'string' }, caps: { type: 'string' }, offdomain: { type: 'string' }, 'refusal-from': { type: 'string' }, ids: { type: 'string' }, verbose: { type: 'boolean' }, 'model-thread': { type: 'boolean' }, namespace: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' },
    },
  });
  const config = configOrExit();
  switch (command) {
    case 'seed': {
      const lock = holdDataDir(config, 'npm run seed');
      const app = await createApp(config, {}, { reranker: false }).catch(exitOnStartupFailure);
      try {
        return await seedCommand(app);
      } finally {
        await app.close();
        lock?.release();
      }
    }
    case 'ingest': {
      if (!positionals[0]) break;
      const type = values.type ? String(values.type).toUpperCase() : undefined;
      if (type && !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
        process.stderr.write(`--type must be one of ${DOCUMENT_TYPES.join(', ')}\n`);
        return 2;
      }
      const lock = holdDataDir(config, 'npm run ingest');
      const app = await createApp(config, {}, { reranker: false }).catch(exitOnStartupFailure);
      try {
        return await ingestCommand(app, positionals[0], { type: type as DocumentType | undefined, json: values.json !== undefined });
      } finally {
        await app.close();
        lock?.release();
      }
    }
    case 'search': {
      if (!positionals[0]) break;
      const topK = values['top-k'] ? Number(values['top-k']) : undefined;
      const lock = holdDataDir(config, 'npm run search');
      const app = await createApp(config).catch(exitOnStartupFailure);
      try {
        return await searchCommand(app, positionals.join(' '), { topK, json: values.json !== undefined });
      } catch (err) {
        process.stderr.write(`${(err as Error).message}\n`);
        return 2;
      } finally {
        await app.close();
        lock?.release();
      }
    }
    case 'eval':
      return evalCommand(config, values);
    case 'bench-ingest':
      return benchIngestCommand(config, values);
    case 'bench-search':
      return benchSearchCommand(config, values);
    case 'bench-rerank':
      return benchRerankCommand(config, values);
    case 'bench-load':
      return benchLoadCommand(config, values);
    case 'bench-first-start':
      return benchFirstStartCommand(config, values);
    case 'token':
      return tokenCommand(config, values);
    case 'pack-embeddings':
      return packEmbeddingsCommand(config);
    case 'train-domain':
      return trainDomainCommand(config, values);
    case 'build-examples':
      return buildExamplesCommand(values);
    case 'train-sections':
      return trainSectionsCommand(config);
  }
  process.stderr.write(USAGE + '\n');
  return 2;
}

main().then((code) => process.exit(code), (err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
