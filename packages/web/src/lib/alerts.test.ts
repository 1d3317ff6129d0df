// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addAnnotation,
  annotationTitle,
  assessmentName,
  assessmentTone,
  confidencePercent,
  labelHue,
  splitHighlights,
  toApiAnnotation,
  toLocalAnnotation,
  trimSelection,
  type LocalAnnotation,
} from './alerts';

const ann = (over: Partial<LocalAnnotation>): LocalAnnotation => ({
  id: 'x',
  start: 0,
  end: 1,
  text: '',
  tag: 'Device',
  score: 0.9,
  source: 1,
  nerType: 1,
  ...over,
});

describe('confidence as a whole percent', () => {
  it('rounds down, never up', () => {
    expect(confidencePercent(0.999)).toBe(99);
    expect(confidencePercent(0.875)).toBe(87);
    expect(confidencePercent(0.5)).toBe(50);
    expect(confidencePercent(1)).toBe(100);
    expect(confidencePercent(0)).toBe(0);
  });

  it('keeps values that binary fractions put just under a whole percent', () => {
    expect(confidencePercent(0.29)).toBe(29);
    expect(confidencePercent(0.57)).toBe(57);
    expect(confidencePercent(0.07)).toBe(7);
  });

  it('answers 0 for nothing and clamps nonsense', () => {
    expect(confidencePercent(null)).toBe(0);
    expect(confidencePercent(undefined)).toBe(0);
    expect(confidencePercent(Number.NaN)).toBe(0);
    expect(confidencePercent(1.4)).toBe(100);
    expect(confidencePercent(-0.2)).toBe(0);
  });
});

describe('assessment', () => {
  it('names and colours: positive success, negative failure, neutral a border only', () => {
    expect([0, 1, 2, 3].map(assessmentName)).toEqual(['None', 'Negative', 'Neutral', 'Positive']);
    expect(assessmentTone(3)).toBe('success');
    expect(assessmentTone(1)).toBe('error');
    expect(assessmentTone(2)).toBeNull();
    expect(assessmentTone(0)).toBeNull();
  });
});

describe('annotation editing', () => {
  const device = ann({ id: 'd', start: 10, end: 18, text: 'NAS-01', source: 1 });

  it('adds an annotation that touches but does not overlap another, ordered by position', () => {
    const r = addAnnotation([device], ann({ id: 'j', start: 2, end: 10 }));
    expect(r.ok).toBe(true);
    expect(r.annotations.map((a) => a.id)).toEqual(['j', 'd']);
    const after = addAnnotation([device], ann({ id: 'k', start: 18, end: 20 }));
    expect(after.ok && after.annotations.map((a) => a.id)).toEqual(['d', 'k']);
  });

  it('refuses an overlap in the same text, in any direction', () => {
    for (const [start, end] of [
      [12, 14],
      [8, 11],
      [17, 25],
      [5, 30],
      [10, 18],
    ]) {
      const r = addAnnotation([device], ann({ id: 'n', start, end }));
      expect(r).toMatchObject({ ok: false, reason: 'overlap' });
      expect(r.annotations).toEqual([device]);
    }
  });

  it('allows the same offsets in the subject and in the body', () => {
    const r = addAnnotation([device], ann({ id: 's', start: 10, end: 18, source: 0 }));
    expect(r.ok && r.annotations.map((a) => [a.id, a.source])).toEqual([
      ['s', 0],
      ['d', 1],
    ]);
  });

  it('ignores a zero-length selection', () => {
    expect(addAnnotation([], ann({ start: 4, end: 4 }))).toMatchObject({ ok: false, reason: 'empty', annotations: [] });
  });

  it('trims blanks at both ends of a selection', () => {
    expect(trimSelection('  Disk full  ', 0, 13)).toEqual({ start: 2, end: 11 });
    expect(trimSelection('   ', 0, 3)).toEqual({ start: 3, end: 3 });
  });

  it('converts between the API form and the local form', () => {
    const api = { Id: '7', Start: 3, End: 9, Value: 'NAS-01', Label: 'Device', NerType: 1, Source: 0, Score: 0.8 };
    const local = toLocalAnnotation(api);
    expect(local).toEqual({
      id: '7',
      start: 3,
      end: 9,
      text: 'NAS-01',
      tag: 'Device',
      score: 0.8,
      source: 0,
      nerType: 1,
    });
    expect(toApiAnnotation(local)).toEqual(api);
    expect(toApiAnnotation({ ...local, id: 'new-1' })).not.toHaveProperty('Id');
    expect(toLocalAnnotation({ ...api, Id: '' }, 2).id).toBe('new-0-3-9-2');
  });
});

describe('highlight split', () => {
  const body = 'Backup job Nightly on NAS-01 failed';

  it('cuts the text around its own annotations, in order, ignoring the other source', () => {
    const list = [
      ann({ id: 'dev', start: 22, end: 28, tag: 'Device' }),
      ann({ id: 'job', start: 11, end: 18, tag: 'Job' }),
      ann({ id: 'subj', start: 0, end: 6, source: 0 }),
    ];
    const parts = splitHighlights(body, list, 1);
    expect(parts.map((p) => [p.text, p.annotation?.tag ?? null])).toEqual([
      ['Backup job ', null],
      ['Nightly', 'Job'],
      [' on ', null],
      ['NAS-01', 'Device'],
      [' failed', null],
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(body);
    expect(parts[3].start).toBe(22);
  });

  it('leaves out annotations outside the text, empty or overlapping one already placed', () => {
    const list = [
      ann({ id: 'a', start: 0, end: 6 }),
      ann({ id: 'b', start: 3, end: 10 }),
      ann({ id: 'c', start: 30, end: 99 }),
      ann({ id: 'd', start: 8, end: 8 }),
    ];
    const parts = splitHighlights(body, list, 1);
    expect(parts.filter((p) => p.annotation).map((p) => p.annotation?.id)).toEqual(['a']);
    expect(parts.map((p) => p.text).join('')).toBe(body);
  });

  it('answers one plain piece for text without annotations, even empty text', () => {
    expect(splitHighlights('', [], 0)).toEqual([{ text: '', start: 0 }]);
    expect(splitHighlights('abc', [], 0)).toEqual([{ text: 'abc', start: 0 }]);
  });

  it('titles a highlight with its label and score, and gives a label one colour', () => {
    expect(annotationTitle({ tag: 'Device', score: 0.919 })).toBe('Device · 91%');
    expect(labelHue('Device')).toBe(labelHue('device'));
    const known = ['Device', 'Job', 'Vendor', 'Volume', 'ErrorCode', 'Size', 'Time', 'Company', 'Status'];
    expect(new Set(known.map(labelHue)).size).toBe(known.length);
    expect(labelHue('Free space')).toBe(labelHue('free space'));
  });
});
