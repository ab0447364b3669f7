import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import type { Principal } from './principal';

/**
 * Per-principal budget for the expensive operations (ask, askStream): each call consumes one point of a
 * per-minute allowance. Anonymous callers share one bucket per process, which is the point: they are not
 * told apart. In-memory, so one instance's budget; several instances would need the Redis store.
 */
export class AskRateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(readonly perMinute: number) {
    this.limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  async consume(principal: Principal): Promise<void> {
    try {
      await this.limiter.consume(`${principal.via}:${principal.id}`);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfterSeconds = Math.ceil(err.msBeforeNext / 1000);
      throw new AppError(ErrorCode.RATE_LIMITED, `At most ${this.perMinute} answers a minute; retry in ${retryAfterSeconds} s`, {
        retryAfterSeconds, http: { status: 429 },
      });
    }
  }
}
