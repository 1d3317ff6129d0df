import { describe, expect, it } from 'vitest';
import { DashboardLayoutInput, type DashboardLayout } from '@vigil/contract';
import {
  draftFromLayout,
  editorPath,
  layoutInput,
  newTile,
  validateLayout,
  withType,
  type LayoutDraft,
} from './layoutDraft';

const saved: DashboardLayout = {
  id: 7,
  name: 'NOC wall',
  description: 'Failures first',
  isPublished: true,
  updatedAt: '2026-03-01T10:00:00Z',
  tiles: [
    {
      title: 'Failures by company',
      type: 'Bar',
      filters: {
        Status: [3],
        Companies: [4, 5],
        Vendors: [],
        Tags: ['servers'],
        DateRange: { Preset: 'custom', From: '2026-02-01', To: '2026-02-28' },
      },
      daysWithoutSuccess: 3,
      barChartGroupBy: 1,
      insightType: null,
      uiSettings: { statusOrder: [3, 4] },
      position: { row: 0, col: 0, sizeX: 6, sizeY: 3 },
    },
  ],
};

const draft = (over: Partial<LayoutDraft> = {}): LayoutDraft => ({
  name: 'Layout',
  description: '',
  tiles: [],
  ...over,
});

describe('layout editor drafts', () => {
  it('saves an edited layout with the tile fields it does not show unchanged', () => {
    const d = draftFromLayout(saved);
    d.tiles[0] = { ...d.tiles[0], title: 'Failures', sizeX: 8 };
    const body = layoutInput(d);
    expect(body.id).toBe(7);
    expect(body.tiles[0]).toEqual({
      ...saved.tiles[0],
      title: 'Failures',
      position: { row: 0, col: 0, sizeX: 8, sizeY: 3 },
    });
    expect(DashboardLayoutInput.safeParse(body).success).toBe(true);
  });

  it('drops the saved days when a custom range becomes a preset', () => {
    const d = draftFromLayout(saved);
    d.tiles[0] = { ...d.tiles[0], preset: 'last7days' };
    expect(layoutInput(d).tiles[0].filters.DateRange).toEqual({ Preset: 'last7days' });
  });

  it('places a new tile below the lowest one, at its type default size', () => {
    const first = newTile([]);
    expect(first).toMatchObject({ row: 0, col: 0, sizeX: 2, sizeY: 1, type: 'Count', title: '' });
    const d = draftFromLayout(saved);
    const next = newTile(d.tiles, 'Histogram');
    expect(next).toMatchObject({ row: 3, col: 0, sizeX: 6, sizeY: 3 });
    expect(next.key).not.toBe(first.key);
  });

  it('grows a tile to the new type minimum and keeps it inside the grid', () => {
    const t = { ...newTile([]), col: 11, sizeX: 1, sizeY: 1 };
    const h = withType(t, 'Histogram');
    expect(h).toMatchObject({ sizeX: 3, sizeY: 2, col: 9, insightType: null });
    expect(withType(t, 'Insight').insightType).toBe('BackupMissingSchedule');
    expect(withType(withType(t, 'Insight'), 'Count').insightType).toBeNull();
  });

  it('a new layout body has no id and default filters', () => {
    const body = layoutInput(draft({ tiles: [{ ...newTile([]), title: 'Open failures' }] }));
    expect(body.id).toBeUndefined();
    expect(body.tiles[0].filters).toEqual({
      Status: [],
      Companies: [],
      Vendors: [],
      Tags: [],
      DateRange: { Preset: 'last30days' },
    });
    expect(DashboardLayoutInput.safeParse(body).success).toBe(true);
  });
});

describe('layout validation', () => {
  it('passes a valid layout', () => {
    expect(validateLayout(draft({ tiles: [{ ...newTile([]), title: 'Count' }] }))).toEqual({});
  });

  it('asks for a name and a title on each tile', () => {
    const errors = validateLayout(draft({ name: '  ', tiles: [newTile([])] }));
    expect(errors.name).toBe('Name is required');
    expect(errors['tiles.0.title']).toBe('Title is required');
  });

  it('refuses tiles below their minimum size or past the 12th column', () => {
    const base = { ...newTile([]), title: 'T' };
    const errors = validateLayout(
      draft({
        tiles: [
          { ...base, type: 'Histogram', sizeX: 2, sizeY: 1 },
          { ...base, col: 10, sizeX: 4 },
        ],
      }),
    );
    expect(errors['tiles.0.sizeX']).toBe('At least 3 wide for Histogram');
    expect(errors['tiles.0.sizeY']).toBe('At least 2 high for Histogram');
    expect(errors['tiles.1.sizeX']).toBe('Column plus width must be at most 12');
  });

  it('asks for whole numbers and an insight type', () => {
    const errors = validateLayout(
      draft({ tiles: [{ ...newTile([], 'Insight'), title: 'I', row: Number.NaN, col: 1.5, insightType: null }] }),
    );
    expect(errors['tiles.0.row']).toBe('Enter a whole number');
    expect(errors['tiles.0.col']).toBe('Enter a whole number');
    expect(errors['tiles.0.insightType']).toBe('Insight type is required');
  });

  it('maps the server error fields to editor fields', () => {
    expect(editorPath('tiles.2.position.sizeX')).toBe('tiles.2.sizeX');
    expect(editorPath('tiles[1].title')).toBe('tiles.1.title');
    expect(editorPath('name')).toBe('name');
  });
});
