import { ConfigError, loadConfig } from '../../src/config/config';

describe('request limits configuration', () => {
  it('has explicit defaults', () => {
    expect(loadConfig({}).limits).toEqual({
      maxDepth: 10, maxAliases: 15, maxDirectives: 20, maxTokens: 2000, maxCost: 1500, maxQueryBytes: 20000,
      allowBatching: false, maxBatch: 10, requestMaxBytes: 2097152,
    });
  });

  it('reads every variable', () => {
    const limits = loadConfig({
      GRAPHQL_MAX_DEPTH: '7', GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_DIRECTIVES: '4', GRAPHQL_MAX_TOKENS: '500', GRAPHQL_MAX_COST: '99',
      GRAPHQL_MAX_QUERY_BYTES: '4096', GRAPHQL_ALLOW_BATCHING: 'true', GRAPHQL_MAX_BATCH: '5', REQUEST_MAX_BYTES: '65536',
    }).limits;
    expect(limits).toEqual({
      maxDepth: 7, maxAliases: 3, maxDirectives: 4, maxTokens: 500, maxCost: 99, maxQueryBytes: 4096, allowBatching: true, maxBatch: 5, requestMaxBytes: 65536,
    });
  });

  it.each([['GRAPHQL_MAX_DEPTH', '0'], ['GRAPHQL_MAX_COST', 'lots'], ['REQUEST_MAX_BYTES', '10'], ['GRAPHQL_ALLOW_BATCHING', 'maybe']])(
    'refuses %s=%s naming the variable', (variable, value) => {
      expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
    });
});
