export const ROLES = ['ADMIN', 'INVESTIGATOR', 'PROSECUTOR', 'COURT', 'ANALYST', 'PUBLIC'] as const;
export type Role = (typeof ROLES)[number];

/** Who is calling, as established once per HTTP request or WebSocket connection. */
export interface Principal {
  /**
   * Unique across kinds of credential, so one kind can never pass for another: `key:<API key id>`,
   * `jwt:<issuer>:<sub>`, or `anonymous`.
   */
  id: string;
  role: Role;
  /** Districts and units the caller works in, lower-cased. */
  districts: string[];
  via: 'jwt' | 'api-key' | 'anonymous';
  /** Epoch milliseconds when the credential stops being valid; null for API keys and anonymous callers. */
  expiresAt: number | null;
}

export const ANONYMOUS: Principal = Object.freeze({ id: 'anonymous', role: 'PUBLIC', districts: [], via: 'anonymous', expiresAt: null });
