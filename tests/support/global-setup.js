/**
 * Probes the real servers once per run. Service-backed suites run when they answer; when they do not, the
 * suites are skipped on a developer's machine but still run (and fail, naming the server) when CI=true.
 */
const net = require('node:net');

function reachable(url, fallbackPort) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    const socket = net.connect({ host: u.hostname, port: Number(u.port || fallbackPort), timeout: 1500 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

module.exports = async () => {
  const checks = await Promise.all([
    reachable(process.env.DATABASE_URL || 'postgres://nyaya:nyaya@127.0.0.1:5432/nyaya', 5432),
    reachable(process.env.CHROMA_URL || 'http://127.0.0.1:8000', 8000),
    reachable(process.env.NEO4J_URI || 'bolt://127.0.0.1:7687', 7687),
  ]);
  const up = checks.every(Boolean);
  process.env.NYAYA_SERVICES = up ? 'up' : 'down';
  if (!up && process.env.CI === 'true') {
    console.error(`[tests] services unreachable (postgres, chroma, neo4j = ${checks.join(', ')}): service suites will fail`);
  }
};
