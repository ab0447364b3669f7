import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

type Service = {
  image?: string; build?: unknown; environment?: Record<string, string>; volumes?: string[]; env_file?: { path: string; required?: boolean }[];
  healthcheck?: { test: string[] }; depends_on?: Record<string, { condition: string }>;
};
const root = path.resolve(__dirname, '../..');
const compose = yaml.load(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service>; volumes?: Record<string, unknown> };

/**
 * What each image is known to ship (no Docker daemon here, so a static check): chromadb/chroma 1.x has bash but no
 * curl, wget or python; the app image is node:20-bookworm-slim.
 */
const SHIPS: Record<string, string[]> = {
  'postgres:15': ['pg_isready', 'psql', '/bin/sh'],
  'chromadb/chroma:1.5.9': ['/bin/bash'],
  'neo4j:5.26-community': ['cypher-shell', '/bin/sh'],
  app: ['node'],
};

describe('docker-compose.yml', () => {
  it.each(Object.keys(compose.services))('gives %s a healthcheck whose command its image has', (name) => {
    const s = compose.services[name];
    const image = s.build ? 'app' : s.image!;
    expect(Object.keys(SHIPS)).toContain(image);
    const [kind, ...cmd] = s.healthcheck!.test;
    const binary = kind === 'CMD-SHELL' ? cmd.join(' ').trim().split(/\s+/)[0] : cmd[0];
    expect(['CMD', 'CMD-SHELL']).toContain(kind);
    expect(SHIPS[image]).toContain(binary);
  });

  it('starts the app only once every store is healthy', () => {
    const app = compose.services.app;
    for (const [dep, c] of Object.entries(app.depends_on!)) {
      expect(compose.services[dep].healthcheck).toBeDefined();
      expect(c.condition).toBe('service_healthy');
    }
  });

  it('mounts a models folder where MODELS_DIR points, so the app can run offline', () => {
    const app = compose.services.app;
    const dir = app.environment!.MODELS_DIR;
    expect(dir).toBe('/models');
    // "${NYAYA_MODELS:-./models}:/models:ro": the host side may be a variable with a default.
    const parts = (v: string) => v.replace(/\$\{[^}]*\}/g, 'HOST').split(':');
    expect(app.volumes!.some((v) => parts(v)[1] === dir)).toBe(true);
    // Every named volume is declared and used.
    const named = Object.values(compose.services).flatMap((s) => s.volumes ?? []).map((v) => parts(v)[0]).filter((v) => !/^(HOST|[./])/.test(v));
    expect(new Set(named)).toEqual(new Set(Object.keys(compose.volumes ?? {})));
  });

  it('reads auth from an optional .env whose example names only documented variables', () => {
    expect(compose.services.app.env_file).toEqual([{ path: '.env', required: false }]);
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const names = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(names).toEqual(expect.arrayContaining(['JWT_SECRET', 'API_KEYS', 'LLM_BASE_URL']));
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const n of names.filter((x) => x !== 'NYAYA_MODELS')) expect([n, readme.includes(`\`${n}\``)]).toEqual([n, true]);
  });
});
