import { describe, expect, it } from 'vitest';
import { emptyRule, fieldFromSelection, guessStatus } from './derive';

const text = 'TV-REPORT Beta-Set\nSet: Beta-Set\nUnit: TAPE-2 (rack 4)\nOutcome: RED';
const sel = (s: string) => {
  const i = text.indexOf(s);
  return fieldFromSelection(text, i, i + s.length);
};

describe('fieldFromSelection', () => {
  it('an anchor for a selection that runs to the end of its line', () => {
    expect(sel('RED')).toEqual({ Kind: 'anchor', Anchor: 'Outcome:' });
    const i = text.indexOf('Beta-Set');
    expect(fieldFromSelection(text, i, i + 8)).toEqual({ Kind: 'anchor', Anchor: 'TV-REPORT' });
  });
  it('a pattern when text follows the selection', () => {
    expect(sel('TAPE-2')).toEqual({ Kind: 'pattern', Pattern: 'Unit:\\s*(\\S+)' });
  });
  it('a fixed value for a selection at the start of its line', () => {
    const i = text.indexOf('TV-REPORT');
    expect(fieldFromSelection(text, i, i + 9)).toEqual({ Kind: 'fixed', Value: 'TV-REPORT' });
  });
});

describe('guessStatus and emptyRule', () => {
  it.each([
    ['Failed', 'Failure'],
    ['RED', 'Failure'],
    ['completed with warnings', 'Warning'],
    ['OK', 'Success'],
  ])('%s → %s', (w, s) => expect(guessStatus(w)).toBe(s));
  it('starts from the sender domain', () => {
    expect(emptyRule('vault@TapeVault.example').Senders).toEqual(['tapevault.example']);
  });
});
