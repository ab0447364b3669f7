import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config/config';
import { openStores, type Stores } from '../../src/stores/open-stores';
import { dropSchema } from '../../src/stores/sql/migrate';

export type Profile = 'embedded' | 'services';

/** Services suites run when the servers answer, and always under CI=true, where a missing server must fail. */
export const servicesEnabled = process.env.NYAYA_SERVICES === 'up' || process.env.CI === 'true';

export const PROFILES: Profile[] = servicesEnabled ? ['embedded', 'services'] : ['embedded'];

/**
 * `describe.each` over both profiles, with the services suite reported as skipped (not silently absent) when the
 * servers are not up outside CI. The title's `%s` is the profile.
 */
export function describeEachProfile(title: string, fn: (profile: Profile) => void): void {
  for (const profile of ['embedded', 'services'] as const) {
    const run = profile === 'services' && !servicesEnabled ? describe.skip : describe;
    run(title.replace('%s', profile), () => fn(profile));
  }
}

export const MODELS_DIR = process.env.MODELS_DIR ?? path.resolve(__dirname, '../../../shared/models');
export const EMBEDDING_MODEL = process.env.EMBEDDING_MODEL ?? 'multilingual-e5-small-q4';

export function testConfig(profile: Profile, extra: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    STORE: profile,
    MODELS_DIR,
    EMBEDDING_MODEL,
    ALLOW_REMOTE_MODELS: 'false',
    LOG_LEVEL: 'silent',
    ...extra,
  });
}

/** A fresh namespace: its own SQL schema, Chroma collection and Neo4j `ns`. */
export function uniqueNamespace(prefix = 't'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export async function openTestStores(profile: Profile, dims: number, namespace = uniqueNamespace()): Promise<Stores> {
  return openStores(testConfig(profile), { namespace, inMemory: true, dims });
}

/** Removes everything the namespace holds in every store, then closes the connections. */
export async function dropTestStores(stores: Stores | undefined): Promise<void> {
  if (!stores) return;
  await Promise.allSettled([stores.vector.drop(), stores.graph.drop()]);
  await dropSchema(stores.sql).catch(() => undefined);
  await stores.close();
}
