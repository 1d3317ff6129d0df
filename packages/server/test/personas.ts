import { UserLevel } from '@vigil/contract';

export const TEST_PASSWORD = 'Test!Pass1';

/** Test personas: three users of one tenant, and an outsider who must see nothing of it. */
export const HOME = {
  name: 'Acme MSP',
  slug: 'acme',
  people: [
    {
      email: 'admin@acme.test',
      firstName: 'Ada',
      lastName: 'Admin',
      level: UserLevel.Administrator,
      group: 'Administrators',
    },
    {
      email: 'standard@acme.test',
      firstName: 'Stan',
      lastName: 'Dard',
      level: UserLevel.Standard,
      group: 'Standard Users',
    },
    { email: 'client@acme.test', firstName: 'Cli', lastName: 'Ent', level: UserLevel.Client, group: 'Clients' },
  ],
} as const;
export const OTHER = {
  name: 'Other MSP',
  slug: 'other',
  people: [
    {
      email: 'outsider@other.test',
      firstName: 'Otto',
      lastName: 'Sider',
      level: UserLevel.Administrator,
      group: 'Administrators',
    },
  ],
} as const;
export const ROOT = { email: 'root@vigil.local' };

export type PersonaName = 'admin' | 'standard' | 'client' | 'outsider' | 'root';
export const personaEmail: Record<PersonaName, string> = {
  admin: 'admin@acme.test',
  standard: 'standard@acme.test',
  client: 'client@acme.test',
  outsider: 'outsider@other.test',
  root: ROOT.email,
};
