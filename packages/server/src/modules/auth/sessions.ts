import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { privilegeForLevel, type TokenPair, type UserLevel } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { refreshTokens, tenants, users } from '../../db/schema/index.ts';
import {
  hashToken,
  newFamilyId,
  newOpaqueToken,
  type ClaimsInput,
  type TokenService,
} from '../../platform/auth/tokens.ts';
import { tenantSubscriptionStatus } from '../billing/status.ts';

type UserRow = typeof users.$inferSelect;

/** Issues token pairs and rotates refresh tokens; reuse of a spent token revokes its whole family. */
export class SessionService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
    private readonly refreshTtlDays: number,
  ) {}

  private async claimsFor(user: UserRow, impersonator: UserRow | null, familyId: string): Promise<ClaimsInput> {
    const tenant = user.tenantId
      ? (await this.database.db.select().from(tenants).where(eq(tenants.id, user.tenantId)))[0]
      : undefined;
    const privileges = user.tenantId === null ? user.adminPrivileges : privilegeForLevel(user.level as UserLevel);
    const claims: ClaimsInput = {
      userId: user.id,
      userName: user.email,
      userFirstName: user.firstName,
      userLastName: user.lastName,
      userUnifiedId: user.unifiedId,
      tenantId: user.tenantId,
      tenantUnifiedId: tenant?.unifiedId ?? null,
      privileges,
      // The one subscription status (the billing subscription's), as every screen shows it.
      subscription: user.tenantId !== null ? await tenantSubscriptionStatus(this.database, user.tenantId) : '',
      isCompanyRestricted: user.isCompanyRestricted,
      impersonation: impersonator !== null,
      tokenVersion: user.tokenVersion,
      sessionId: familyId,
    };
    if (impersonator) {
      claims.iUserId = impersonator.id;
      claims.iUserName = impersonator.email;
      claims.iPrivileges = impersonator.adminPrivileges;
      claims.iTenantId = impersonator.tenantId;
    }
    return claims;
  }

  async issue(user: UserRow, impersonator: UserRow | null = null, familyId = newFamilyId()): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    await this.database.db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      impersonatorId: impersonator?.id ?? null,
      expiresAt: new Date(Date.now() + this.refreshTtlDays * 86_400_000),
    });
    const accessToken = await this.tokens.signAccess(await this.claimsFor(user, impersonator, familyId));
    return { accessToken, refreshToken };
  }

  /**
   * Spends a refresh token and returns a new pair in the same family. A token that was already
   * spent or revoked is a sign of theft: the family is revoked and the caller gets null.
   */
  async rotate(
    refreshToken: string,
  ): Promise<{ pair: TokenPair; userId: number } | { reuse: boolean; userId?: number }> {
    const tokenHash = hashToken(refreshToken);
    const now = new Date();
    const [spent] = await this.database.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) {
      const [known] = await this.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      if (known && (known.usedAt || known.revokedAt)) {
        await this.revokeFamily(known.familyId);
        return { reuse: true, userId: known.userId };
      }
      return { reuse: false };
    }
    const [user] = await this.database.db.select().from(users).where(eq(users.id, spent.userId));
    if (!user || !user.isEnabled) return { reuse: false };
    let impersonator: UserRow | null = null;
    if (spent.impersonatorId) {
      [impersonator] = await this.database.db.select().from(users).where(eq(users.id, spent.impersonatorId));
      if (!impersonator?.isEnabled) return { reuse: false };
    }
    return { pair: await this.issue(user, impersonator, spent.familyId), userId: user.id };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Revokes the family a token belongs to; returns false when the token is unknown. */
  async revokeByToken(refreshToken: string, userId: number): Promise<boolean> {
    const [row] = await this.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), eq(refreshTokens.userId, userId)));
    if (!row) return false;
    await this.revokeFamily(row.familyId);
    return true;
  }

  /**
   * Ends every session of a user at once: the refresh tokens are revoked and the token version
   * raised, so the guard refuses every access token issued before (password reset, disabled
   * account, sessions ended by an administrator, sign-out everywhere).
   */
  async revokeAllForUser(userId: number): Promise<void> {
    await this.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /**
   * Ends every session of a user but the one named (the caller's own, on a password change): the
   * other families are revoked, and the guard refuses their access tokens with them.
   */
  async revokeOthers(userId: number, keepFamilyId: string): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          ne(refreshTokens.familyId, keepFamilyId),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }

  /** The scheduled purge: tokens past expiry, or revoked or spent more than a day ago. */
  async purgeExpired(now = new Date()): Promise<number> {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const gone = await this.database.db
      .delete(refreshTokens)
      .where(
        or(lt(refreshTokens.expiresAt, now), lt(refreshTokens.revokedAt, dayAgo), lt(refreshTokens.usedAt, dayAgo)),
      )
      .returning({ id: refreshTokens.id });
    return gone.length;
  }
}
