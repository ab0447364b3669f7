import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import type { Principal } from './principal';

/**
 * Per-caller budget for the expensive operations (ask, askStream): each call consumes one point of a
 * per-minute allowance. Signed-in callers are counted by principal; anonymous callers by client address (as
 * TRUST_PROXY lets it be read), so one anonymous client cannot spend every anonymous caller's budget.
 * In-memory, so one instance's budget; several instances would need a shared store.
 */
export class AskRateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(readonly perMinute: number) {
    this.limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  async consume(principal: Principal, clientAddress: string): Promise<void> {
    try {
      await this.limiter.consume(principal.via === 'anonymous' ? `address:${clientAddress}` : principal.id);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfterSeconds = Math.ceil(err.msBeforeNext / 1000);
      throw new AppError(ErrorCode.RATE_LIMITED, `At most ${this.perMinute} answers a minute; retry in ${retryAfterSeconds} s`, {
        retryAfterSeconds, http: { status: 429 },
      });
    }
  }
}
