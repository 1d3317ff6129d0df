import { Privilege, UserLevel } from '@vigil/contract';
import { migrateDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { ensureFlags } from '../src/modules/admin-portal/flags-service.ts';
import { seedTenant } from '../src/seed/demo.ts';
import { HOME, OTHER, ROOT, TEST_PASSWORD } from './personas.ts';

/** What every API test database starts with: the schema, the flags, two tenants and a platform admin. */
export async function prepareTemplate(database: Database): Promise<void> {
  await migrateDatabase(database);
  await ensureFlags(database);
  await seedTenant(database, { ...HOME, password: TEST_PASSWORD });
  await seedTenant(database, { ...OTHER, password: TEST_PASSWORD });
  await database.db.insert(users).values({
    email: ROOT.email,
    firstName: 'Root',
    lastName: 'Admin',
    tenantId: null,
    level: UserLevel.Administrator,
    adminPrivileges: Privilege.superAdmin,
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
}
