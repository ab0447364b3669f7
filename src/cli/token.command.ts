import { ROLES, type Role } from '../auth/principal';
import { mintToken } from '../auth/token';
import type { Config } from '../config/config';

/**
 * `nyaya token --role INVESTIGATOR --districts Pune,Haveli [--sub name] [--expires 8h]`: prints a JWT signed
 * with JWT_SECRET, for the sandbox, the explorer, curl or a graphql-ws client.
 */
export async function tokenCommand(config: Config, values: Record<string, string | boolean | undefined>): Promise<number> {
  const role = String(values.role ?? '').toUpperCase();
  if (!(ROLES as readonly string[]).includes(role)) {
    process.stderr.write(`--role must be one of ${ROLES.join(', ')}\n`);
    return 2;
  }
  if (!config.auth.jwtSecret) {
    process.stderr.write('JWT_SECRET is not set (production): tokens cannot be minted\n');
    return 2;
  }
  const districts = typeof values.districts === 'string' ? values.districts.split(',').map((d) => d.trim()).filter(Boolean) : [];
  const sub = typeof values.sub === 'string' ? values.sub : `${role.toLowerCase()}-cli`;
  const expires = typeof values.expires === 'string' ? values.expires : '8h';
  let token: string;
  try {
    token = await mintToken(config.auth, { sub, role: role as Role, districts }, expires);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  process.stdout.write(`${token}\n`);
  if (config.auth.jwtSecret && !process.env.JWT_SECRET) process.stderr.write('(signed with the development secret; set JWT_SECRET in production)\n');
  return 0;
}
