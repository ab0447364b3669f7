import { execFileSync } from 'node:child_process';
import path from 'node:path';

const script = path.resolve(__dirname, '../../scripts/services.sh');

/** Really stops or starts one of the servers `npm run services:up` started (failure tests). */
export function stopServer(name: 'chroma' | 'neo4j'): void {
  execFileSync('bash', [script, 'stop-one', name], { stdio: 'inherit' });
}

export function startServer(name: 'chroma' | 'neo4j'): void {
  execFileSync('bash', [script, 'start-one', name], { stdio: 'inherit', timeout: 180_000 });
}
