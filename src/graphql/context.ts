import type { App } from '../app/app';
import { createLoaders, type Loaders } from './loaders';

/** Per-request context: the process-wide app plus what is scoped to this request (loaders, caller). */
export interface GraphQLContext {
  app: App;
  requestId: string;
  loaders: Loaders;
}

export function createContext(app: App, requestId: string): GraphQLContext {
  return { app, requestId, loaders: createLoaders(app) };
}
