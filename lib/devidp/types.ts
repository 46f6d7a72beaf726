/** A client-credentials client of the development IdP; each one acts as one user of one tenant. */
export interface DevClient {
  clientId: string;
  clientSecret: string;
  /** Copied into every access token this client receives (`sub` is always the client id). */
  claims: { tid: string; email: string; roles: string[]; [k: string]: unknown };
}

export interface DevIdpOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback only: the IdP hands out tokens to anyone who knows the published dev secrets. */
  host?: "127.0.0.1";
  /** `aud` of tokens issued without a `resource` parameter. */
  audience: string;
  clients: DevClient[];
  /** Access token lifetime; one hour unless set. */
  tokenTtlSeconds?: number;
}

export interface DevIdp {
  issuer: string;
  close(): Promise<void>;
}
