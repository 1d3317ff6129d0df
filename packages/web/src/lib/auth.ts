import { Privilege, TOKEN_EXPIRY_MARGIN_SECONDS, hasPrivilege, type TokenPair } from '@vigil/contract';
import { StorageKeys, readJson, type KeyValueStorage } from './storage';

/** Stored auth data of platform §3, kept in localStorage. */
export interface StoredAuth {
  accessToken: string;
  refreshToken: string;
  exp: number;
  nbf: number;
  impersonation: boolean;
  userName: string;
  userFirstName: string;
  userLastName: string;
  userId: number;
  userUnifiedId: string;
  tenantId: number | null;
  tenantUnifiedId: string | null;
  privileges: number;
  subscription: string;
  isCompanyRestricted: boolean;
  tenantScalePadId: string | null;
  userScalePadId: string | null;
  /** Impersonation: the platform admin behind the session. */
  iUserId?: number;
  iUserName?: string;
  iPrivileges?: number;
  iTenantId?: number | null;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, decoded without verification (the server verifies). Null when malformed. */
export function decodeJwt(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Builds the stored auth from a token pair by reading the access token's claims. */
export function authFromTokens(pair: TokenPair): StoredAuth {
  const c = decodeJwt(pair.accessToken);
  if (!c) throw new Error('The access token is not readable.');
  const auth: StoredAuth = {
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    exp: num(c.exp),
    nbf: num(c.nbf),
    impersonation: c.impersonation === true,
    userName: str(c.userName),
    userFirstName: str(c.userFirstName),
    userLastName: str(c.userLastName),
    userId: num(c.userId, Number(c.sub) || 0),
    userUnifiedId: str(c.userUnifiedId),
    tenantId: numOrNull(c.tenantId),
    tenantUnifiedId: strOrNull(c.tenantUnifiedId),
    privileges: num(c.privileges),
    subscription: str(c.subscription),
    isCompanyRestricted: c.isCompanyRestricted === true,
    tenantScalePadId: strOrNull(c.tenantScalePadId),
    userScalePadId: strOrNull(c.userScalePadId),
  };
  if (auth.impersonation) {
    auth.iUserId = numOrNull(c.iUserId) ?? undefined;
    auth.iUserName = strOrNull(c.iUserName) ?? undefined;
    auth.iPrivileges = numOrNull(c.iPrivileges) ?? undefined;
    auth.iTenantId = numOrNull(c.iTenantId);
  }
  return auth;
}

/** Platform §5: a token is valid only if not expired, with a 10-second margin. */
export function isTokenValid(auth: Pick<StoredAuth, 'accessToken' | 'exp'> | null, nowMs = Date.now()): boolean {
  if (!auth?.accessToken || !auth.exp) return false;
  return auth.exp * 1000 - TOKEN_EXPIRY_MARGIN_SECONDS * 1000 > nowMs;
}

export function isPlatformAdmin(auth: Pick<StoredAuth, 'privileges'> | null): boolean {
  return !!auth && hasPrivilege(auth.privileges, Privilege.allAdmins);
}

/**
 * Platform §5: authentication is present when accessToken, userId and tenantId are there.
 * Platform admins belong to no tenant, so their admin privileges stand in for the tenant id.
 */
export function isAuthenticated(auth: StoredAuth | null): auth is StoredAuth {
  if (!auth?.accessToken || !auth.refreshToken || !auth.userId) return false;
  return auth.tenantId != null || isPlatformAdmin(auth);
}

/** Platform §5: an impersonation token carries user id, user name, privileges and tenant id. */
export function isImpersonating(auth: StoredAuth | null): boolean {
  return (
    !!auth?.impersonation &&
    auth.iUserId != null &&
    !!auth.iUserName &&
    auth.iPrivileges != null &&
    auth.tenantId != null
  );
}

export function displayName(auth: Pick<StoredAuth, 'userFirstName' | 'userLastName' | 'userName'>): string {
  const full = `${auth.userFirstName} ${auth.userLastName}`.trim();
  return full || auth.userName;
}

export function initials(auth: Pick<StoredAuth, 'userFirstName' | 'userLastName' | 'userName'>): string {
  const letters = `${auth.userFirstName.charAt(0)}${auth.userLastName.charAt(0)}`.trim();
  return (letters || auth.userName.charAt(0) || '?').toUpperCase();
}

type Listener = () => void;

/**
 * The stored auth, mirrored in memory so React can subscribe to it (useSyncExternalStore needs
 * a stable snapshot). `reload()` re-reads storage: another tab may have rotated the tokens.
 */
export class AuthStore {
  private snapshot: StoredAuth | null;
  private raw: string | null;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: KeyValueStorage | null,
    private readonly key: string = StorageKeys.auth,
  ) {
    this.raw = this.readRaw();
    this.snapshot = this.parse(this.raw);
  }

  private readRaw(): string | null {
    try {
      return this.storage?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }

  private parse(raw: string | null): StoredAuth | null {
    if (raw === null) return null;
    const value = readJson<StoredAuth | null>({ getItem: () => raw, setItem() {}, removeItem() {} }, this.key, null);
    return value && typeof value === 'object' && typeof value.accessToken === 'string' ? value : null;
  }

  get = (): StoredAuth | null => this.snapshot;

  /** Re-reads storage; notifies subscribers when it changed under us. */
  reload(): StoredAuth | null {
    const raw = this.readRaw();
    if (raw !== this.raw) {
      this.raw = raw;
      this.snapshot = this.parse(raw);
      this.notify();
    }
    return this.snapshot;
  }

  set(auth: StoredAuth): void {
    const raw = JSON.stringify(auth);
    try {
      this.storage?.setItem(this.key, raw);
    } catch {
      // Storage blocked: keep the session in memory for this page.
    }
    this.raw = raw;
    this.snapshot = auth;
    this.notify();
  }

  setTokens(pair: TokenPair): StoredAuth {
    const auth = authFromTokens(pair);
    this.set(auth);
    return auth;
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // ignore
    }
    const had = this.snapshot !== null;
    this.raw = null;
    this.snapshot = null;
    if (had) this.notify();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Follows changes other tabs make (token rotation, sign-out) through the `storage` event. */
  listenToOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === this.key) this.reload();
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  }
}
