import { describe, expect, it } from 'vitest';
import { Privilege } from '@vigil/contract';
import { canAccess } from '../lib/access';
import { filterMenu, mainMenu, routeAccess } from './menu';

describe('Tickets menu', () => {
  it('lists the four screens in the spec order for staff who may see them', () => {
    const staff = {
      privileges: Privilege.tenantStandard,
      permissions: {
        'ticket.getautomaticticketingprofiles': true,
        'ticket.getcustomsubjects': true,
        'ticket.geticketingissues': true,
      },
      flags: {},
    };
    const tickets = filterMenu(mainMenu, staff).find((i) => i.id === 'ticketing');
    expect(tickets?.children?.map((c) => [c.title, c.path])).toEqual([
      ['Ticket Profiles', '/app/ticketing/profiles'],
      ['Ticket Rules', '/app/ticketing/rules'],
      ['Global Ticket Subjects', '/app/ticketing/subjects'],
      ['Ticket Issues', '/app/ticketing/issues'],
    ]);
  });

  it('shows only what the permissions allow, and nothing to clients', () => {
    const issuesOnly = {
      privileges: Privilege.tenantAdmin,
      permissions: { 'ticket.geticketingissues': true },
      flags: {},
    };
    const tickets = filterMenu(mainMenu, issuesOnly).find((i) => i.id === 'ticketing');
    expect(tickets?.children?.map((c) => c.id)).toEqual(['ticketing-issues']);
    expect(canAccess(routeAccess('ticketing-profiles'), issuesOnly)).toBe(false);
    const client = { privileges: Privilege.tenantClient, permissions: { 'ticket.geticketingissues': true }, flags: {} };
    expect(filterMenu(mainMenu, client).some((i) => i.id === 'ticketing')).toBe(false);
  });
});
