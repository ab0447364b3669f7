import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded profile keeps its database in DATA_DIR, and PGlite serves one process: a second process writing
 * there (the CLI's ingest beside a running server) diverges silently from what the first holds in memory, or
 * corrupts it. So whoever opens DATA_DIR holds `nyaya.lock` (its pid and what it is); a lock whose process is gone
 * is taken over.
 */
export interface DataDirLock {
  release(): void;
}

export class DataDirBusy extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  const file = path.join(dataDir, 'nyaya.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; holder: string; since: string };
    if (held.pid !== process.pid && alive(held.pid)) {
      throw new DataDirBusy(`DATA_DIR ${dataDir} is in use by ${held.holder} (pid ${held.pid}, since ${held.since}): the embedded store `
        + 'takes one process at a time. Send documents through that server\'s API (mutation ingestDocuments, see the README), '
        + 'stop it first, or point DATA_DIR elsewhere.');
    }
  } catch (err) {
    if (err instanceof DataDirBusy) throw err;
    // No lock, or an unreadable one: nobody holds the folder.
  }
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }));
  return {
    release() {
      try {
        const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
        if (held.pid === process.pid) fs.rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}
