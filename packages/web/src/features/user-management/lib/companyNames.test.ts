import { describe, expect, it } from 'vitest';
import { companiesLabel } from './companyNames';

describe('companiesLabel', () => {
  it('says "All companies" for unrestricted staff', () => {
    expect(companiesLabel({ Level: 2, IsCompanyRestricted: false, CompanyNames: [] }).text).toBe('All companies');
  });

  it('names up to two companies of a restricted user and counts the rest, with all of them in the tooltip', () => {
    const u = { Level: 2, IsCompanyRestricted: true, CompanyNames: ['Acme', 'Globex', 'Initech', 'Umbrella'] };
    expect(companiesLabel(u)).toEqual({ text: 'Acme, Globex +2', title: 'Acme, Globex, Initech, Umbrella' });
    expect(companiesLabel({ ...u, Level: 1, IsCompanyRestricted: false, CompanyNames: ['Acme'] }).text).toBe('Acme');
  });

  it('says "None" for a client without companies', () => {
    expect(companiesLabel({ Level: 1, IsCompanyRestricted: false, CompanyNames: [] }).text).toBe('None');
  });
});
