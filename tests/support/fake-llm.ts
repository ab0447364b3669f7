import http from 'node:http';

/**
 * A small OpenAI-compatible chat-completions server speaking server-sent events: the only fake the tests
 * use, standing in for a paid third-party API.
 */
export interface FakeLlm {
  url: string;
  requests: { body: Record<string, unknown>; closedEarly: boolean }[];
  close(): Promise<void>;
}

export async function startFakeLlm(mode: { chunks?: string[]; status?: number; delayMs?: number }): Promise<FakeLlm> {
  const requests: FakeLlm['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      const record = { body: JSON.parse(raw || '{}'), closedEarly: false };
      requests.push(record);
      if (mode.status && mode.status !== 200) {
        res.writeHead(mode.status).end('{"error":"boom"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.on('close', () => {
        if (!res.writableEnded) record.closedEarly = true;
      });
      for (const c of mode.chunks ?? []) {
        if (mode.delayMs) await new Promise((r) => setTimeout(r, mode.delayMs));
        if (res.destroyed) return;
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: c } }] })}\n\n`);
      }
      if (!res.destroyed) res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
