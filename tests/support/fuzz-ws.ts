import fc from 'fast-check';
import WebSocket from 'ws';
import { errorProblems, jsonStrings, leaksIn } from './fuzz-check';

/** A raw WebSocket session: a subprotocol, then frames that break the graphql-transport-ws protocol. */
export interface RawWsCase { label: string; protocol: string | undefined; frames: (string | Uint8Array)[] }

const id = fc.oneof(fc.constantFrom('1', 'a', '', '__proto__'), fc.integer(), fc.constant(null), fc.string({ maxLength: 8 }));
const payload = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 10 }), fc.integer(), fc.array(fc.integer(), { maxLength: 3 }),
  fc.record({ query: fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant('{ health { status } }')), variables: fc.oneof(fc.constant(null), fc.string(), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer())), operationName: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()) }, { requiredKeys: [] }));
const message = fc.record({
  type: fc.oneof(fc.constantFrom('connection_init', 'ping', 'pong', 'subscribe', 'complete', 'next', 'error', 'connection_ack', 'bogus', ''), fc.integer(), fc.constant(null)),
  id, payload,
}, { requiredKeys: ['type'] }).map((m) => JSON.stringify(m));

const frame: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { arbitrary: message, weight: 6 },
  { arbitrary: fc.string({ maxLength: 100 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 100 }), weight: 1 },
  { arbitrary: fc.constantFrom('null', '1', '[]', '[{"type":"connection_init"}]', '{"type":"connection_init"}', '{}', '{"type":"subscribe","id":"1","payload":{"query":"{ health { status } }"}}'), weight: 2 },
  // Ill-formed Unicode (a JSON escape of a lone surrogate) in a literal and in variables, and the server-only messages.
  { arbitrary: fc.constantFrom(
    '{"type":"subscribe","id":"u1","payload":{"query":"{ search(input: { query: \\"theft \\ud800\\" }) { hits { chunkId } } }"}}',
    '{"type":"subscribe","id":"u2","payload":{"query":"query($q: String!) { search(input: { query: $q }) { hits { chunkId } } }","variables":{"q":"\\udc00 murder"}}}',
    '{"type":"next","id":"1","payload":{"data":{"health":null}}}', '{"type":"error","id":"1","payload":[{"message":"x"}]}',
    '{"type":"connection_ack"}'), weight: 2 },
);

export const rawWsCases: fc.Arbitrary<RawWsCase> = fc.tuple(
  fc.oneof({ arbitrary: fc.constant('graphql-transport-ws'), weight: 8 }, { arbitrary: fc.constantFrom('graphql-ws', 'bogus', undefined), weight: 1 }),
  fc.boolean(),
  fc.array(frame, { minLength: 1, maxLength: 6 }),
).map(([protocol, init, frames]) => ({
  label: `raw-ws ${protocol ?? 'no-protocol'}`, protocol, frames: init ? [JSON.stringify({ type: 'connection_init' }), ...frames] : frames,
}));

export interface RawWsAnswer { messages: string[]; closeCode: number | null; closeReason: string }

/** Plays one session; stops at the server's close, or 300 ms after the last frame. */
export function playRawWs(url: string, c: RawWsCase): Promise<RawWsAnswer> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, c.protocol === undefined ? [] : [c.protocol]);
    const answer: RawWsAnswer = { messages: [], closeCode: null, closeReason: '' };
    let idle: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(idle);
      resolve(answer);
    };
    socket.on('message', (data) => answer.messages.push(String(data)));
    socket.on('error', () => undefined); // client-side refusals (no subprotocol, broken pipe) are not the server's answer
    socket.on('close', (code, reason) => {
      answer.closeCode = code;
      answer.closeReason = String(reason);
      finish();
    });
    socket.on('open', async () => {
      for (const f of c.frames) {
        if (socket.readyState !== WebSocket.OPEN) break;
        await new Promise<void>((done) => socket.send(f, { binary: typeof f !== 'string' }, () => done()));
      }
      idle = setTimeout(() => socket.close(1000), 300);
    });
  });
}

/**
 * Close codes a malformed session may end with: normal closes, ws's own refusals of broken frames (1002 protocol
 * error, 1007 invalid UTF-8, 1009 too big) and graphql-ws's 44xx for protocol violations — message types a server
 * never expects from a client ("next", "error") included. Never 4500: malformed input is not an internal error.
 */
const CLOSE_CODES = new Set([1000, 1001, 1002, 1005, 1006, 1007, 1009, 4400, 4401, 4403, 4406, 4408, 4409, 4429]);

export function rawWsProblems(a: RawWsAnswer, request: string): string[] {
  const problems: string[] = [];
  if (a.closeCode !== null && !CLOSE_CODES.has(a.closeCode)) problems.push(`close code ${a.closeCode} ${a.closeReason}`);
  for (const text of a.messages) {
    let m: { type?: string; payload?: unknown };
    try {
      m = JSON.parse(text);
    } catch {
      problems.push(`non-JSON message ${text.slice(0, 100)}`);
      continue;
    }
    if (m.type === 'error') problems.push(...errorProblems(m.payload));
    if (m.type === 'next') problems.push(...errorProblems((m.payload as { errors?: unknown })?.errors));
    problems.push(...leaksIn([text, ...jsonStrings(m)], request));
  }
  return [...problems, ...leaksIn([a.closeReason], request)];
}
