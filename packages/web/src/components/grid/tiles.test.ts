import { describe, expect, it } from 'vitest';
import type { GridColumnMeta } from './features';
import { tileLayout } from './tiles';

const col = (id: string, tile?: GridColumnMeta['tile']) => ({ id, columnDef: { meta: tile ? { tile } : undefined } });
const ids = (l: ReturnType<typeof tileLayout<ReturnType<typeof col>>>) => ({
  title: l.title?.id,
  subtitle: l.subtitle?.id,
  fields: l.fields.map((f) => f.id),
});

describe('mobile tiles', () => {
  it('show the columns marked title, subtitle and field', () => {
    const columns = [
      col('status', 'field'),
      col('device', 'title'),
      col('job', 'subtitle'),
      col('size'),
      col('when', 'field'),
    ];
    expect(ids(tileLayout(columns, () => true))).toEqual({
      title: 'device',
      subtitle: 'job',
      fields: ['status', 'when'],
    });
  });

  it('leave out hidden fields but keep the title', () => {
    const columns = [col('device', 'title'), col('status', 'field'), col('when', 'field')];
    const hidden = new Set(['device', 'when']);
    expect(ids(tileLayout(columns, (id) => !hidden.has(id)))).toEqual({
      title: 'device',
      subtitle: undefined,
      fields: ['status'],
    });
  });

  it('fall back to the first visible column and the next three', () => {
    const columns = [col('a'), col('b'), col('c'), col('d'), col('e')];
    expect(ids(tileLayout(columns, (id) => id !== 'a'))).toEqual({
      title: 'b',
      subtitle: undefined,
      fields: ['c', 'd', 'e'],
    });
    expect(ids(tileLayout([], () => true))).toEqual({ title: undefined, subtitle: undefined, fields: [] });
  });
});
