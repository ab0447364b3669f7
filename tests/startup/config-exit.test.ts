import { execFile } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from './spawned';

const ROOT = path.resolve(__dirname, '../..');

const cli = (env: NodeJS.ProcessEnv) => new Promise<{ code: number | null; stderr: string }>((resolve) => {
  const p = execFile(process.execPath, [path.join(ROOT, 'dist/src/cli/main.js'), 'stats'], {
    cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000,
  }, (_err, _stdout, stderr) => resolve({ code: p.exitCode, stderr }));
});

describe('a bad setting stops the process with the configuration\'s error', () => {
  it('an unknown LOG_LEVEL is one line naming the variable and exit code 2, not a stack from the logger\'s import', async () => {
    ensureBuilt();
    const run = await cli({ LOG_LEVEL: 'loud' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('LOG_LEVEL');
    expect(run.stderr).not.toContain('levels.js');
  }, 120_000);
});
