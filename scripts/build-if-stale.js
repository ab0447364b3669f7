#!/usr/bin/env node
// Compiles src/ to dist/ only when a source, tsconfig or package.json is newer than the last build, so
// `npm start` and the CLI scripts do not spend ~11 s recompiling unchanged code. Progress goes to stderr so
// `--json` output stays clean.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');

// A directory's own time changes when a file in it is deleted or renamed: that is a change too.
function newest(dir) {
  let t = fs.statSync(dir).mtimeMs;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const inputs = Math.max(newest(path.join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs));
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built >= inputs && !process.argv.includes('--force')) process.exit(0);

process.stderr.write('[build] compiling src/ → dist/ (sources changed since the last build)…\n');
const started = Date.now();
try {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
} catch {
  process.exit(1);
}
fs.mkdirSync(path.dirname(stamp), { recursive: true });
fs.writeFileSync(stamp, new Date().toISOString());
process.stderr.write(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
