// Checks of a layout draft before saving, and the server's field errors in the editor's paths.
import { DashboardLayoutInput, TILE_MIN_SIZE } from '@vigil/contract';
import { COLS, type LayoutDraft } from './draftTypes';
import { layoutInput } from './layoutInput';

/**
 * Messages by field path ("name", "tiles.2.title", "tiles.0.sizeX"): the contract's rules, then
 * what the grid needs (a tile fits in the 12 columns and is at least its type's minimum size).
 */
export function validateLayout(d: LayoutDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  d.tiles.forEach((t, i) => {
    const at = (f: string) => `tiles.${i}.${f}`;
    const min = TILE_MIN_SIZE[t.type];
    for (const f of ['row', 'col', 'sizeX', 'sizeY'] as const) {
      if (!Number.isInteger(t[f]) || t[f] < 0) errors[at(f)] = 'Enter a whole number';
    }
    if (!(t.sizeX >= min.w)) errors[at('sizeX')] ??= `At least ${min.w} wide for ${t.type}`;
    if (!(t.sizeY >= min.h)) errors[at('sizeY')] ??= `At least ${min.h} high for ${t.type}`;
    if (t.col + t.sizeX > COLS) errors[at('sizeX')] ??= `Column plus width must be at most ${COLS}`;
    if (t.type === 'Insight' && !t.insightType) errors[at('insightType')] ??= 'Insight type is required';
  });
  const parsed = DashboardLayoutInput.safeParse(layoutInput(d));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Position fields are edited as tile fields.
      const path = issue.path.join('.').replace(/^tiles\.(\d+)\.position\./, 'tiles.$1.');
      errors[path] ??= issue.message;
    }
  }
  return errors;
}

/** The server's field errors (platform §8 `Errors` keyed like "tiles[0].title") in the editor's paths. */
export function editorPath(serverKey: string): string {
  return serverKey
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^tiles\.(\d+)\.position\./, 'tiles.$1.')
    .replace(/^\./, '');
}
