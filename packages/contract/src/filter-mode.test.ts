import { describe, expect, it } from 'vitest';
import { FilterModeMessages, modeFilterErrors, modeFilterPasses } from './filter-mode.ts';

describe('filters with all / specific mode', () => {
  it('asks for at least one item in specific mode', () => {
    expect(modeFilterErrors({ Mode: 'specific', Include: [], Exclude: [] }, 'company')).toEqual([
      { Field: 'Include', Message: 'Please select at least one company' },
    ]);
    expect(modeFilterErrors({ Mode: 'all', Include: [], Exclude: [] }, 'company')).toEqual([]);
  });

  it('refuses an item both included and excluded, strings without case', () => {
    expect(modeFilterErrors({ Mode: 'specific', Include: ['Gold'], Exclude: [' gold'] }, 'tag')).toEqual([
      { Field: 'Exclude', Message: FilterModeMessages.unique },
    ]);
    expect(FilterModeMessages.unique).toBe('Filters must be unique. Please remove any duplicates.');
  });

  it('passes everything but the excluded in all mode, only the included in specific mode', () => {
    expect(modeFilterPasses({ Mode: 'all', Include: [], Exclude: [3] }, [1])).toBe(true);
    expect(modeFilterPasses({ Mode: 'all', Include: [], Exclude: [3] }, [3])).toBe(false);
    expect(modeFilterPasses({ Mode: 'specific', Include: [1, 2], Exclude: [] }, [2])).toBe(true);
    expect(modeFilterPasses({ Mode: 'specific', Include: [1, 2], Exclude: [] }, [5])).toBe(false);
    expect(modeFilterPasses({ Mode: 'specific', Include: ['gold'], Exclude: ['lab'] }, ['Gold', 'Lab'])).toBe(false);
  });
});
