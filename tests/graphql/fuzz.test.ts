import fc from 'fast-check';
import { graphqlCases } from '../support/fuzz-cases';
import { ALLOWED_CODES, errorProblems, httpProblems, jsonStrings, leaksIn } from '../support/fuzz-check';
import { httpCases, requestText, sendHttp } from '../support/fuzz-http';
import { playRawWs, rawWsCases, rawWsProblems } from '../support/fuzz-ws';
import { startTestServer, type TestServer } from '../support/server';
import { wsCall } from '../support/ws-call';
import { ErrorCode } from '../../src/errors/error-codes';

/** FUZZ_SEED=<n> replays a run; the seed in use is printed first. */
const SEED = Number(process.env.FUZZ_SEED ?? 20240701);
const HTTP_CASES = 1200;
const WS_CASES = 400;
const RAW_WS_CASES = 200;
/** The server must still answer a health query after every this many cases. */
const BATCH = 100;

const tally = (labels: string[]) => Object.entries(labels.reduce<Record<string, number>>((m, l) => ({ ...m, [l.split(' ')[0]]: (m[l.split(' ')[0]] ?? 0) + 1 }), {}))
  .sort(([, a], [, b]) => b - a).map(([l, n]) => `${l} ${n}`).join(', ');

/** The error codes in a response text, for the run's summary. */
const codesIn = (text: string) => [...text.matchAll(/"code":"([A-Z_]+)"/g)].map((m) => m[1]).filter((c) => c in ErrorCode);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function inParallel<T>(items: T[], width: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      await run(items[i], i);
    }
  }));
}

/** graphql-ws reports exceptions thrown in its hooks on console.error; these come from clients' garbage, not from us. */
const EXPECTED_WS_NOISE = /Invalid WebSocket frame|Max payload size exceeded|invalid UTF-8|Invalid message received/i;

describe('fuzz: malformed GraphQL over HTTP and WebSocket (production)', () => {
  let t: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    t = await startTestServer('embedded', { NODE_ENV: 'production', JWT_SECRET: 'fuzz-test-secret-0123456789abcdef0123456', RERANKER_MODEL: 'none' });
    expect(t.app.config.production).toBe(true);
    adminToken = await t.token();
  });
  afterAll(() => t.close());

  async function expectAlive(): Promise<void> {
    const { status, body } = await t.gql<{ health: { status: string } }>('{ health { status } }', undefined, { authorization: '' });
    expect(status).toBe(200);
    expect(body.data?.health.status).toBeDefined();
  }

  it('allows only public error codes, and its checks see what they are meant to', () => {
    for (const code of ALLOWED_CODES) expect(Object.values(ErrorCode)).toContain(code);
    const stack = JSON.stringify({ errors: [{ message: 'TypeError: x is undefined\n    at run (/app/src/search/search.service.ts:12:3)', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(httpProblems({ status: 200, contentType: 'application/json', text: stack }, '{}')).toEqual(expect.arrayContaining([
      expect.stringMatching(/^code INTERNAL_SERVER_ERROR/), expect.stringMatching(/at \\S/), expect.stringMatching(/\/src\//)]));
    expect(httpProblems({ status: 500, contentType: 'text/html', text: '<pre>Error</pre>' }, '{}')).toEqual(expect.arrayContaining(['status 500', expect.stringMatching(/^not JSON/)]));
    // An error that only echoes the request's own text is not a leak.
    expect(leaksIn(['Syntax Error: Unexpected Name "node_modules".'], '{ node_modules }')).toEqual([]);
  });

  it(`answers ${HTTP_CASES} malformed HTTP requests with typed errors and no internals`, async () => {
    const cases = fc.sample(httpCases, { seed: SEED, numRuns: HTTP_CASES });
    const failures: string[] = [];
    const seen: string[] = [];
    for (let start = 0; start < cases.length; start += BATCH) {
      await inParallel(cases.slice(start, start + BATCH), 4, async (c, i) => {
        const answer = await sendHttp(t.server.url, c, adminToken);
        seen.push(`${answer.status}`, ...codesIn(answer.text));
        const problems = httpProblems(answer, requestText(c));
        if (problems.length) failures.push(`#${start + i} ${c.label}: ${[...new Set(problems)].join('; ').slice(0, 600)}`);
      });
      await expectAlive();
    }
    console.log(`HTTP fuzz: ${cases.length} cases (${tally(cases.map((c) => c.label))}); answers: ${tally(seen)}; ${failures.length} failed`);
    expect(failures).toEqual([]);
  });

  it(`answers ${WS_CASES} malformed graphql-ws operations with typed errors and no internals`, async () => {
    const cases = fc.sample(fc.tuple(graphqlCases(['search', 'ask', 'askStream', 'ingest', 'section', 'graph', 'documents']), fc.boolean()), { seed: SEED + 1, numRuns: WS_CASES });
    const clients = { admin: t.ws(), anonymous: t.ws({}) };
    const failures: string[] = [];
    const seen: string[] = [];
    for (let start = 0; start < cases.length; start += BATCH) {
      await inParallel(cases.slice(start, start + BATCH), 4, async ([c, admin], i) => {
        // The client refuses to send envelopes the protocol forbids (variables not an object, a numeric operation
        // name); those go to the server in the raw sessions below. Here the wrong value moves inside the variables.
        const variables = isObject(c.variables) || c.variables == null ? (c.variables as Record<string, unknown> | undefined) : { input: c.variables };
        const payload = { query: c.query, variables, operationName: typeof c.operationName === 'string' ? c.operationName : undefined };
        const request = JSON.stringify(payload);
        // A message over REQUEST_MAX_BYTES closes its socket (1009): it gets a socket of its own, not the shared ones.
        const oversized = Buffer.byteLength(request) > t.app.config.limits.requestMaxBytes;
        const outcome = await wsCall(oversized ? t.ws(admin ? undefined : {}) : admin ? clients.admin : clients.anonymous, payload, 20000);
        seen.push(oversized ? 'oversized' : outcome.kind, ...codesIn(JSON.stringify(outcome)));
        const problems: string[] = [];
        if (oversized && (outcome.kind !== 'closed' || outcome.code !== 1009)) problems.push(`oversized message answered ${JSON.stringify(outcome).slice(0, 200)}`);
        if (outcome.kind === 'closed' && !oversized) problems.push(`socket closed ${outcome.code} ${outcome.reason}`);
        if (outcome.kind === 'timeout') problems.push('no answer in 20 s');
        if (outcome.kind === 'error') problems.push(...errorProblems(outcome.errors), ...leaksIn(jsonStrings(outcome.errors), request));
        if (outcome.kind === 'complete' || outcome.kind === 'timeout') {
          for (const r of outcome.results) problems.push(...errorProblems(r.errors), ...leaksIn(jsonStrings(r), request));
        }
        if (problems.length) failures.push(`#${start + i} ${c.label}: ${[...new Set(problems)].join('; ').slice(0, 600)}`);
      });
      await expectAlive();
    }
    console.log(`graphql-ws fuzz: ${cases.length} cases (${tally(cases.map(([c]) => c.label))}); answers: ${tally(seen)}; ${failures.length} failed`);
    expect(failures).toEqual([]);
  });

  it(`survives ${RAW_WS_CASES} sessions breaking the graphql-transport-ws protocol`, async () => {
    const cases = fc.sample(rawWsCases, { seed: SEED + 2, numRuns: RAW_WS_CASES });
    // Two frames over the 2 MB message limit, which ws refuses with 1009.
    cases.push({ label: 'raw-ws oversized', protocol: 'graphql-transport-ws', frames: ['{"type":"connection_init"}', 'x'.repeat(2_200_000)] });
    const logged: string[] = [];
    const closes: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const failures: string[] = [];
    try {
      const url = t.server.url.replace('http', 'ws');
      for (let start = 0; start < cases.length; start += BATCH) {
        await inParallel(cases.slice(start, start + BATCH), 8, async (c, i) => {
          const answer = await playRawWs(url, c);
          closes.push(String(answer.closeCode));
          const problems = rawWsProblems(answer, c.frames.map((f) => (typeof f === 'string' ? f : Buffer.from(f).toString('utf8'))).join('\n'));
          if (problems.length) failures.push(`#${start + i} ${c.label}: ${[...new Set(problems)].join('; ').slice(0, 600)}`);
        });
        await expectAlive();
      }
    } finally {
      spy.mockRestore();
    }
    const ours = logged.filter((l) => !EXPECTED_WS_NOISE.test(l));
    console.log(`raw WebSocket fuzz: ${cases.length} sessions; closes: ${tally(closes)}; ${failures.length} failed; `
      + `${logged.length} graphql-ws console errors (${tally(logged.map((l) => l.split('\n')[0].replace(/ /g, '_').slice(0, 120)))}), ${ours.length} unexplained`);
    expect(failures).toEqual([]);
    expect(ours).toEqual([]);
  });
});
