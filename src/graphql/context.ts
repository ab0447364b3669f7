import type { App } from '../app/app';

/** Per-request context: the process-wide app plus anything scoped to this request (loaders, caller). */
export interface GraphQLContext {
  app: App;
  requestId: string;
}

export function createContext(app: App, requestId: string): GraphQLContext {
  return { app, requestId };
}
