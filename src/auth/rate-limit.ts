import { createHash } from 'node:crypto';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { logger } from '../logger';
import { ddlUnderLock } from '../stores/sql/notify';
import type { SqlClient } from '../stores/sql/sql.client';
import type { Principal } from './principal';

const TABLE = 'ask_rate_limit';

/** rate-limiter-flexible's own table, created here under a lock so that instances starting together do not race. */
const DDL = `CREATE TABLE IF NOT EXISTS {S}.${TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`;

/** The key column holds 255 characters; a longer principal id (a JWT `sub` is the caller's choice) is digested. */
const keyOf = (raw: string) => (raw.length <= 200 ? raw : `sha256:${createHash('sha256').update(raw).digest('hex')}`);

/** The in-memory stand-in, which says (at most once a minute) that each instance now counts on its own. */
class LoggedInsurance extends RateLimiterMemory {
  private warnedAt = 0;
  lastError?: unknown;

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    if (Date.now() - this.warnedAt > 60_000) {
      this.warnedAt = Date.now();
      const cause = this.lastError instanceof Error ? this.lastError.message : String(this.lastError ?? 'no error recorded');
      logger.warn({ cause }, `ask budget counted in this process only: PostgreSQL did not answer the rate limiter (${cause})`);
    }
    return super.consume(key, points, options);
  }
}

/**
 * Per-caller budget for the expensive operations (ask, askStream): each call consumes one point of a
 * per-minute allowance. Signed-in callers are counted by principal; anonymous callers by client address (as
 * TRUST_PROXY lets it be read), so one anonymous client cannot spend every anonymous caller's budget.
 *
 * Embedded profile: in memory (one process). Services profile (`shared`): counted in PostgreSQL, so every API
 * instance behind a load balancer spends the same budget. While PostgreSQL cannot be reached the in-memory
 * insurance limiter counts instead — each instance then allows the full budget on its own — rather than refusing
 * every answer for a reason that is not the caller's (ask needs PostgreSQL anyway and reports that itself).
 */
export class AskRateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(readonly perMinute: number, limiter?: RateLimiterAbstract, private readonly release: () => Promise<void> = async () => undefined) {
    this.limiter = limiter ?? new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  /** A limiter whose counts live in PostgreSQL (table `ask_rate_limit` in the deployment's schema), on a small pool of its own. */
  static async shared(perMinute: number, sql: SqlClient, databaseUrl: string): Promise<AskRateLimiter> {
    await ddlUnderLock(sql, DDL);
    // Its own pool: the library names its prepared statements per table, and a slow limiter must not hold the stores' connections.
    // Its connections are opened now and kept: a connect made on the first ask can lose its timer to an event loop busy
    // loading models, and that false timeout would silently give this instance a budget of its own.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 0, allowExitOnIdle: true });
    pool.on('error', () => undefined);
    await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 1')]).catch(async (err: unknown) => {
      await pool.end();
      throw err;
    });
    const insurance = new LoggedInsurance({ points: perMinute, duration: 60 });
    const storeClient = {
      query: (q: pg.QueryConfig) => pool.query(q).catch((err: unknown) => {
        insurance.lastError = err;
        throw err;
      }),
    };
    const limiter = new RateLimiterPostgres({
      storeClient, storeType: 'pg', schemaName: sql.schema, tableName: TABLE, tableCreated: true, keyPrefix: 'ask',
      points: perMinute, duration: 60, insuranceLimiter: insurance,
    });
    return new AskRateLimiter(perMinute, limiter, () => pool.end());
  }

  async consume(principal: Principal, clientAddress: string): Promise<void> {
    try {
      await this.limiter.consume(keyOf(principal.via === 'anonymous' ? `address:${clientAddress}` : principal.id));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfterSeconds = Math.ceil(err.msBeforeNext / 1000);
      throw new AppError(ErrorCode.RATE_LIMITED, `At most ${this.perMinute} answers a minute; retry in ${retryAfterSeconds} s`, {
        retryAfterSeconds, http: { status: 429 },
      });
    }
  }

  async close(): Promise<void> {
    await this.release();
  }
}
