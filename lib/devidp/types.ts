/** A client-credentials client of the development IdP; each one acts as one user of one tenant. */
export interface DevClient {
  clientId: string;
  clientSecret: string;
  /** Copied into every access token this client receives (`sub` is always the client id). */
  claims: { tid: string; email: string; roles: string[]; [k: string]: unknown };
}

/** A person who signs in on the IdP's login page (authorization code flow), e.g. an approver in the console. */
export interface DevUser {
  /** What is typed on the login page; also the `sub` of the user's tokens. */
  username: string;
  password: string;
  /** Put into the ID token and userinfo (scope openid carries tid and roles, scope email the address). */
  claims: { tid: string; email: string; roles: string[]; name?: string; [k: string]: unknown };
}

/** A web application that signs users in with the authorization code flow and PKCE (the console). */
export interface DevWebClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Where RP-initiated logout may send the browser back to. */
  postLogoutRedirectUris: string[];
}

export interface DevIdpOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback only: the IdP hands out tokens to anyone who knows the published dev secrets. */
  host?: "127.0.0.1";
  /** `aud` of tokens issued without a `resource` parameter. */
  audience: string;
  clients: DevClient[];
  /** People who can sign in on the login page; none unless given. */
  users?: DevUser[];
  webClients?: DevWebClient[];
  /** Access token lifetime; one hour unless set. */
  tokenTtlSeconds?: number;
}

export interface DevIdp {
  issuer: string;
  close(): Promise<void>;
}
