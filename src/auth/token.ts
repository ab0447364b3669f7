import { SignJWT, decodeJwt } from 'jose';
import type { Config } from '../config/config';
import type { Role } from './principal';

/** Mints an HS256 token the Authenticator accepts (the `token` CLI command, and tests). */
export async function mintToken(auth: Config['auth'], claims: { sub: string; role: Role; districts?: string[] }, expiresIn: string | number = '8h'): Promise<string> {
  if (!auth.jwtSecret) throw new Error('JWT_SECRET is not set');
  const token = await new SignJWT({ role: claims.role, districts: claims.districts ?? [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(auth.jwtIssuer)
    .setAudience(auth.jwtAudience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(auth.jwtSecret));
  // The server would refuse it: say so here rather than hand out a token that never works.
  const lifetime = decodeJwt(token).exp! - Math.floor(Date.now() / 1000);
  if (lifetime > auth.jwtMaxLifetimeSeconds) {
    throw new Error(`a token may live at most ${auth.jwtMaxLifetimeSeconds / 3600} h (JWT_MAX_LIFETIME_HOURS); asked for ${Math.round(lifetime / 3600)} h`);
  }
  return token;
}
