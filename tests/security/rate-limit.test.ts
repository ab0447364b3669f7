import { AskRateLimiter } from '../../src/auth/rate-limit';
import type { Principal } from '../../src/auth/principal';
import { logger } from '../../src/logger';
import { dropTestStores, openTestStores, servicesEnabled, testConfig } from '../support/profiles';
import type { Stores } from '../../src/stores/open-stores';

/**
 * The shared ask budget (services profile) against the real PostgreSQL: two limiters on one namespace spend one
 * budget, a busy event loop does not push an instance onto a budget of its own, and when PostgreSQL cannot answer
 * the warning says why. Under CI=true a missing server fails these tests instead of skipping them.
 */
const describeServices = servicesEnabled ? describe : describe.skip;
jest.setTimeout(60_000);

const caller = (id: string): Principal => ({ id, role: 'COURT', districts: [], via: 'jwt', expiresAt: null });

/** Holds the event loop, as a synchronous model load does. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) { /* spin */ }
}

describeServices('the shared ask budget (services)', () => {
  let stores: Stores | undefined;
  const limiters: AskRateLimiter[] = [];
  const warnings: string[] = [];
  let spy: jest.SpyInstance;

  beforeAll(async () => {
    stores = await openTestStores('services', 384);
    const url = testConfig('services').databaseUrl;
    for (let i = 0; i < 2; i++) limiters.push(await AskRateLimiter.shared(2, stores.sql, url));
    spy = jest.spyOn(logger, 'warn').mockImplementation(((obj: unknown, msg?: string) => {
      warnings.push(typeof obj === 'string' ? obj : String(msg));
    }) as typeof logger.warn);
  });

  afterAll(async () => {
    spy?.mockRestore();
    await Promise.allSettled(limiters.map((l) => l.close()));
    await dropTestStores(stores);
  });

  it('spends one budget across limiters, even when the event loop is held while the count is in flight', async () => {
    const [one, two] = limiters;
    // Held once the count is on its way to PostgreSQL (after the promise chain has started it).
    const first = one.consume(caller('jwt:t:shared'), '127.0.0.1');
    setImmediate(() => busy(3000));
    await first;
    await two.consume(caller('jwt:t:shared'), '127.0.0.1');
    await expect(one.consume(caller('jwt:t:shared'), '127.0.0.1')).rejects.toMatchObject({
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    // Another caller has a budget of its own.
    await expect(two.consume(caller('jwt:t:other'), '127.0.0.1')).resolves.toBeUndefined();
    expect(warnings.filter((w) => w.includes('process only'))).toEqual([]);
  });

  it('counts in memory when PostgreSQL cannot answer, and the warning names the cause', async () => {
    const gone = await AskRateLimiter.shared(1, stores!.sql, testConfig('services').databaseUrl);
    await gone.close();
    await expect(gone.consume(caller('jwt:t:gone'), '127.0.0.1')).resolves.toBeUndefined();
    await expect(gone.consume(caller('jwt:t:gone'), '127.0.0.1')).rejects.toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect(warnings.find((w) => w.includes('process only'))).toMatch(/counted in this process only: .*\(.*pool.*\)/i);
  });
});
