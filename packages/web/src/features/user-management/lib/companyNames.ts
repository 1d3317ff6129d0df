import type { UserListItem } from '@vigil/contract';

/** How many company names the users list shows before "+n". */
const SHOWN = 2;

/**
 * The Companies cell of the users list: "All companies" for unrestricted staff; for client and
 * company-restricted users their companies by name ("Acme, Globex +2"), or "None" when they have
 * none yet. `title` lists them all (the cell's tooltip).
 */
export function companiesLabel(u: Pick<UserListItem, 'Level' | 'IsCompanyRestricted' | 'CompanyNames'>): {
  text: string;
  title: string;
} {
  if (u.Level !== 1 && !u.IsCompanyRestricted) return { text: 'All companies', title: '' };
  const names = u.CompanyNames ?? [];
  if (!names.length) return { text: 'None', title: 'No company assigned yet' };
  const more = names.length - SHOWN;
  return {
    text: names.slice(0, SHOWN).join(', ') + (more > 0 ? ` +${more}` : ''),
    title: names.join(', '),
  };
}
