import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { GraphQLError } from 'graphql';
import type { Authenticator } from '../auth/authenticate';
import { ANONYMOUS, type Principal } from '../auth/principal';
import { ErrorCode } from '../errors/error-codes';

/** What a WebSocket connection remembers about its caller between messages. */
export type WsAuthExtra = {
  principal?: Principal;
  expiry?: NodeJS.Timeout;
};

export type WsContext = Context<Record<string, unknown> | undefined, Extra & WsAuthExtra>;

/** Close codes a client can act on: 4401 re-authenticate, 4403 credentials refused (graphql-ws's own Forbidden). */
export const WS_TOKEN_EXPIRED = 4401;

const CREDENTIAL_PARAMS = ['authorization', 'Authorization', 'x-api-key', 'apiKey'];
/** Node's timers overflow past 2^31 - 1 ms (~24.8 days) and then fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Closes the socket when the token expires, re-arming in steps for tokens that outlive one timer. */
function closeAt(ctx: WsContext, expiresAt: number): void {
  const left = expiresAt - Date.now();
  if (left > MAX_TIMER_MS) {
    ctx.extra.expiry = setTimeout(() => closeAt(ctx, expiresAt), MAX_TIMER_MS);
  } else {
    ctx.extra.expiry = setTimeout(() => ctx.extra.socket.close(WS_TOKEN_EXPIRED, 'Token expired'), Math.max(0, left));
  }
  ctx.extra.expiry.unref();
}

/**
 * The WebSocket twin of HTTP authentication: credentials come in connection_init's payload
 * (`{ authorization: "Bearer …" }` or `{ "x-api-key": "…" }`), are checked once on connect, re-checked on
 * every subscribe, and the socket is closed when the token expires.
 */
export function wsAuthHooks(authenticator: Authenticator) {
  return {
    async onConnect(ctx: WsContext): Promise<boolean> {
      const params = ctx.connectionParams ?? {};
      const given = CREDENTIAL_PARAMS.filter((n) => params[n] !== undefined && params[n] !== null);
      // A credential of the wrong shape is refused, as a malformed header is over HTTP, never read as anonymous.
      if (given.some((n) => typeof params[n] !== 'string')) return false;
      const pick = (...names: string[]) => names.map((n) => params[n]).find((v): v is string => typeof v === 'string');
      try {
        ctx.extra.principal = await authenticator.fromHeaders({
          authorization: pick('authorization', 'Authorization'),
          'x-api-key': pick('x-api-key', 'apiKey'),
        });
      } catch {
        return false; // graphql-ws closes with 4403 Forbidden
      }
      const expiresAt = ctx.extra.principal.expiresAt;
      if (expiresAt) closeAt(ctx, expiresAt);
      return true;
    },
    /** Errors to refuse this subscription with, or undefined to let it through. */
    checkSubscribe(ctx: WsContext): GraphQLError[] | undefined {
      const expiresAt = ctx.extra.principal?.expiresAt;
      if (expiresAt && expiresAt <= Date.now()) {
        return [new GraphQLError('Token expired', { extensions: { code: ErrorCode.UNAUTHENTICATED } })];
      }
      return undefined;
    },
    onClose(ctx: WsContext): void {
      clearTimeout(ctx.extra.expiry);
    },
    principal(ctx: WsContext): Principal {
      return ctx.extra.principal ?? ANONYMOUS;
    },
  };
}
