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

/**
 * The WebSocket twin of HTTP authentication: credentials come in connection_init's payload
 * (`{ authorization: "Bearer …" }` or `{ "x-api-key": "…" }`), are checked once on connect, re-checked on
 * every subscribe, and the socket is closed when the token expires.
 */
export function wsAuthHooks(authenticator: Authenticator) {
  return {
    async onConnect(ctx: WsContext): Promise<boolean> {
      const params = ctx.connectionParams ?? {};
      const pick = (...names: string[]) => names.map((n) => params[n]).find((v) => typeof v === 'string');
      try {
        ctx.extra.principal = await authenticator.fromHeaders({
          authorization: pick('authorization', 'Authorization'),
          'x-api-key': pick('x-api-key', 'apiKey'),
        });
      } catch {
        return false; // graphql-ws closes with 4403 Forbidden
      }
      const expiresAt = ctx.extra.principal.expiresAt;
      if (expiresAt) {
        ctx.extra.expiry = setTimeout(() => ctx.extra.socket.close(WS_TOKEN_EXPIRED, 'Token expired'), Math.max(0, expiresAt - Date.now()));
        ctx.extra.expiry.unref();
      }
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
