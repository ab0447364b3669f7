import { createHash, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config/config';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { ANONYMOUS, ROLES, type Principal, type Role } from './principal';

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const unauthenticated = (message: string) => new AppError(ErrorCode.UNAUTHENTICATED, message, { http: { status: 401 } });

/**
 * Credentials → principal. No credentials is the PUBLIC principal; credentials that are present but wrong
 * (bad signature, expired, unknown key, unknown role) are an UNAUTHENTICATED error, never a silent downgrade.
 */
export class Authenticator {
  private readonly secret: Uint8Array | null;
  private readonly keys: { digest: Buffer; principal: Principal }[];

  constructor(private readonly auth: Config['auth']) {
    this.secret = auth.jwtSecret ? new TextEncoder().encode(auth.jwtSecret) : null;
    this.keys = auth.apiKeys.map((k) => ({
      digest: sha256(k.key),
      principal: { id: `key:${k.id}`, role: k.role, districts: k.districts.map((d) => d.toLowerCase()), via: 'api-key', expiresAt: null },
    }));
  }

  /** Reads `Authorization: Bearer <jwt>`, `Authorization: ApiKey <key>` or `x-api-key: <key>`. */
  async fromHeaders(headers: Record<string, unknown>): Promise<Principal> {
    const header = (name: string) => {
      const v = headers[name] ?? headers[name.toLowerCase()];
      return typeof v === 'string' && v.trim() ? v.trim() : null;
    };
    const apiKey = header('x-api-key');
    if (apiKey) return this.fromApiKey(apiKey);
    const authorization = header('authorization');
    if (!authorization) return ANONYMOUS;
    const [scheme, value] = authorization.split(/\s+/, 2);
    if (/^bearer$/i.test(scheme) && value) return this.fromJwt(value);
    if (/^apikey$/i.test(scheme) && value) return this.fromApiKey(value);
    throw unauthenticated('Authorization must be "Bearer <token>" or "ApiKey <key>"');
  }

  private fromApiKey(key: string): Principal {
    const digest = sha256(key);
    const match = this.keys.find((k) => timingSafeEqual(k.digest, digest));
    if (!match) throw unauthenticated('Unknown API key');
    return match.principal;
  }

  private async fromJwt(token: string): Promise<Principal> {
    if (!this.secret) throw unauthenticated('Tokens are not accepted: the server has no JWT_SECRET');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        issuer: this.auth.jwtIssuer, audience: this.auth.jwtAudience, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthenticated('Token expired');
      throw unauthenticated(`Invalid token: ${(err as Error).message}`);
    }
    const role = payload.role;
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) throw unauthenticated('Token has no valid role claim');
    if (typeof payload.sub !== 'string' || !payload.sub) throw unauthenticated('Token has no subject');
    // Clock skew aside, a token valid for longer than the configured lifetime was not minted under this policy.
    if (payload.exp! - Date.now() / 1000 > this.auth.jwtMaxLifetimeSeconds + CLOCK_SKEW_SECONDS) {
      throw unauthenticated(`Token lives longer than the ${this.auth.jwtMaxLifetimeSeconds / 3600} h this server accepts (JWT_MAX_LIFETIME_HOURS)`);
    }
    return {
      id: `jwt:${payload.iss}:${payload.sub}`, role: role as Role, districts: districtsClaim(payload), via: 'jwt', expiresAt: payload.exp! * 1000,
    };
  }
}

const CLOCK_SKEW_SECONDS = 60;

/**
 * The `districts` claim: absent means none, otherwise a list of non-empty names. Anything else is refused rather
 * than read as "no districts", which for an ANALYST means the whole state.
 */
function districtsClaim(payload: Record<string, unknown>): string[] {
  if ('district' in payload) throw unauthenticated('Token has a "district" claim; districts are given as "districts", a list of names');
  const claimed = payload.districts;
  if (claimed === undefined) return [];
  if (!Array.isArray(claimed) || !claimed.every((d) => typeof d === 'string' && d.trim() !== '')) {
    throw unauthenticated('Token\'s "districts" claim must be a list of district names');
  }
  return claimed.map((d: string) => d.trim().toLowerCase());
}
