import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirBusy, lockDataDir } from '../../src/app/data-dir-lock';
import { ensureBuilt } from './spawned';

const ROOT = path.resolve(__dirname, '../..');

/** A live process that is not this one, to hold the lock the way a running server would. */
const holder = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });

describe('one process per embedded DATA_DIR', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder a live process holds, saying who holds it and what to do, and takes over a dead one\'s', async () => {
    const child = holder();
    try {
      fs.writeFileSync(path.join(dir, 'nyaya.lock'), JSON.stringify({ pid: child.pid, holder: 'the API server', since: '2026-11-26T10:00:00Z' }));
      expect(() => lockDataDir(dir, 'npm run ingest')).toThrow(DataDirBusy);
      expect(() => lockDataDir(dir, 'npm run ingest')).toThrow(new RegExp(`in use by the API server \\(pid ${child.pid}.*ingestDocuments`));
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    const lock = lockDataDir(dir, 'npm run ingest');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'nyaya.lock'), 'utf8'))).toMatchObject({ pid: process.pid, holder: 'npm run ingest' });
    lock.release();
    expect(fs.existsSync(path.join(dir, 'nyaya.lock'))).toBe(false);
  });

  it('stops the CLI ingest with exit code 2 and one line while a server holds the folder, and stores nothing', async () => {
    ensureBuilt();
    const child = holder();
    try {
      fs.writeFileSync(path.join(dir, 'nyaya.lock'), JSON.stringify({ pid: child.pid, holder: 'the API server', since: '2026-11-26T10:00:00Z' }));
      const doc = path.join(dir, 'fir.json');
      fs.writeFileSync(doc, JSON.stringify({ type: 'FIR', title: 'FIR 1/2025', district: 'Pune', parts: [{ name: 'incident', text: 'theft u/s 303(2) BNS' }] }));
      const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const p = execFile(process.execPath, [path.join(ROOT, 'dist/src/cli/main.js'), 'ingest', doc], {
          cwd: ROOT, env: { ...process.env, STORE: 'embedded', DATA_DIR: dir, LOG_LEVEL: 'silent' }, timeout: 60_000,
        }, (_err, _stdout, stderr) => resolve({ code: p.exitCode, stderr }));
      });
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`pid ${child.pid}`);
      expect(fs.readdirSync(dir).sort()).toEqual(['fir.json', 'nyaya.lock']);
    } finally {
      child.kill('SIGKILL');
    }
  }, 300_000);
});
