import type { GraphQLFormattedError } from 'graphql';
import type { Client, FormattedExecutionResult, SubscribePayload } from 'graphql-ws';

/** How one graphql-ws operation ended: results then complete, an `error` message, or the socket closing. */
export type WsOutcome =
  | { kind: 'complete'; results: FormattedExecutionResult[] }
  | { kind: 'error'; errors: GraphQLFormattedError[] }
  | { kind: 'closed'; code: number; reason: string }
  | { kind: 'timeout'; results: FormattedExecutionResult[] };

/** Runs one operation to its end and says how it ended, without throwing. */
export function wsCall(client: Client, payload: SubscribePayload, timeoutMs = 30000): Promise<WsOutcome> {
  return new Promise((resolve) => {
    const results: FormattedExecutionResult[] = [];
    let dispose: () => void = () => undefined;
    const timer = setTimeout(() => {
      dispose();
      resolve({ kind: 'timeout', results });
    }, timeoutMs);
    const done = (outcome: WsOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    dispose = client.subscribe(payload, {
      next: (value) => results.push(value as FormattedExecutionResult),
      complete: () => done({ kind: 'complete', results }),
      error: (err: unknown) => {
        if (Array.isArray(err)) return done({ kind: 'error', errors: err as GraphQLFormattedError[] });
        const close = err as { code?: number; reason?: string };
        done({ kind: 'closed', code: close.code ?? 0, reason: String(close.reason ?? err) });
      },
    });
  });
}

/** The errors an outcome carries, wherever they came in. */
export function outcomeErrors(o: WsOutcome): GraphQLFormattedError[] {
  if (o.kind === 'error') return o.errors;
  if (o.kind === 'closed') return [];
  return o.results.flatMap((r) => r.errors ?? []);
}
