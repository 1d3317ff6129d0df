// The parts of oidc-provider (which ships no type declarations) the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }
  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
