import type { IncomingMessage } from 'node:http';
import { CloseCode, MessageType, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Extra } from 'graphql-ws/use/ws';
import { logger } from '../logger';

/** Messages a client may send under graphql-transport-ws; `next`, `error` and `connection_ack` go server → client only. */
const CLIENT_MESSAGES: ReadonlySet<string> = new Set([
  MessageType.ConnectionInit, MessageType.Ping, MessageType.Pong, MessageType.Subscribe, MessageType.Complete,
]);

/** Close code for a message the protocol does not allow from a client (graphql-ws's own "Bad request"). */
export const WS_PROTOCOL_ERROR = CloseCode.BadRequest;

const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws's server on a `ws` server, as its own `useServer` does, with one difference: a message type the
 * protocol reserves for the server (a client sending `next` or `error`) is a protocol error, closed with 4400,
 * where `useServer` throws inside its handler, closes with 4500 and prints a stack trace for each one.
 */
export function serveGraphqlWs<P extends Record<string, unknown> | undefined, E extends Record<PropertyKey, unknown>>(
  options: ServerOptions<P, Extra & Partial<E>>, wss: WebSocketServer, isProd: boolean,
): { dispose(): Promise<void> } {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  const internal = (socket: WebSocket, err: unknown) => {
    logger.error({ err }, 'graphql-ws: internal error handling a message');
    socket.close(CloseCode.InternalServerError, isProd ? 'Internal server error' : String((err as Error)?.message ?? err).slice(0, 120));
  };

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // Socket errors are broken frames from the client (bad UTF-8, too large); ws has already closed with 1007/1009.
    socket.once('error', (err) => logger.debug({ err: err.message }, 'graphql-ws: socket error'));
    let pongWait: NodeJS.Timeout | null = null;
    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      // A peer that does not answer a ping within the next interval is gone.
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, KEEP_ALIVE_MS);

    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => new Promise<void>((resolve, reject) => {
          if (socket.readyState !== socket.OPEN) return resolve();
          socket.send(data, (err) => (err ? reject(err) : resolve()));
        }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) => socket.on('message', async (data) => {
          const text = String(data);
          const type = messageType(text);
          if (type !== undefined && !CLIENT_MESSAGES.has(type)) {
            socket.close(WS_PROTOCOL_ERROR, `Unexpected message of type ${type.slice(0, 40)} from a client`);
            return;
          }
          try {
            await cb(text);
          } catch (err) {
            internal(socket, err);
          }
        }),
      },
      { socket, request } as Extra & Partial<E>,
    );
    socket.once('close', (code, reason) => {
      if (pongWait) clearTimeout(pongWait);
      clearInterval(ping);
      void closed(code, String(reason));
    });
  });

  return {
    async dispose() {
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners();
      await new Promise<void>((resolve, reject) => wss.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** The `type` of a well-formed message object; undefined for anything graphql-ws should judge itself. */
function messageType(text: string): string | undefined {
  try {
    const m: unknown = JSON.parse(text);
    return m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string' ? (m as { type: string }).type : undefined;
  } catch {
    return undefined;
  }
}
