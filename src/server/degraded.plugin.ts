import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from '../graphql/context';

/**
 * Degraded answers say so: when a resolver answered without a store that was down (Chroma, Neo4j), the
 * response carries `extensions.missingSources`, whatever fields the client selected.
 */
export const degradedPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        const missing = contextValue.missingSources;
        if (!missing?.size || response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...(result.extensions ?? {}), missingSources: [...missing].sort() };
      },
    };
  },
};
