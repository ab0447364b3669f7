import type { Config } from '../config/config';

export async function runAila(_config: Config, _args: Record<string, string | boolean | undefined>): Promise<number> {
  process.stderr.write('AILA evaluation: not yet implemented\n');
  return 2;
}
