import { SignJWT } from 'jose';
import type { Config } from '../config/config';
import type { Role } from './principal';

/** Mints an HS256 token the Authenticator accepts (the `token` CLI command, and tests). */
export async function mintToken(auth: Config['auth'], claims: { sub: string; role: Role; districts?: string[] }, expiresIn: string | number = '8h'): Promise<string> {
  if (!auth.jwtSecret) throw new Error('JWT_SECRET is not set');
  return new SignJWT({ role: claims.role, districts: claims.districts ?? [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(auth.jwtIssuer)
    .setAudience(auth.jwtAudience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(auth.jwtSecret));
}
