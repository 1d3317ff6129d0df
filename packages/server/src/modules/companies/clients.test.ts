import { describe, expect, it } from 'vitest';
import { normaliseName, suggest } from './clients.ts';

const companies = [
  { id: 1, name: 'Contoso', code: null },
  { id: 2, name: 'Fabrikam, Inc.', code: 'fab' },
  { id: 3, name: 'Smith & Sons Ltd', code: null },
  { id: 4, name: 'The Coffee Company', code: null },
];

describe('client-id suggestions', () => {
  it('normalises case, punctuation and legal suffixes', () => {
    expect(normaliseName('Fabrikam, Inc.')).toBe('fabrikam');
    expect(normaliseName('  CONTOSO LTD ')).toBe('contoso');
    expect(normaliseName('Smith & Sons Ltd')).toBe('smithandsons');
    expect(normaliseName('Inc')).toBe('inc');
  });

  it('says exact for the name or code, soft once normalised, none otherwise', () => {
    expect(suggest(' contoso ', companies)).toEqual({ match: 'Exact', company: companies[0] });
    expect(suggest('FAB', companies)).toEqual({ match: 'Exact', company: companies[1] });
    expect(suggest('Fabrikam LLC', companies)).toEqual({ match: 'Soft', company: companies[1] });
    expect(suggest('smith-and-sons', companies)).toEqual({ match: 'Soft', company: companies[2] });
    expect(suggest('Coffee Co', companies)).toEqual({ match: 'Soft', company: companies[3] });
    expect(suggest('Northwind', companies)).toEqual({ match: 'None', company: null });
    expect(suggest('---', companies)).toEqual({ match: 'None', company: null });
  });
});
