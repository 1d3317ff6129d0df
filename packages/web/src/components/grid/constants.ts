/** The grid's fixed geometry and timings (the product contract of every table). */
export const GRID_ROW_HEIGHT = 35;
export const GRID_HEADER_HEIGHT = 40;
export const GRID_FILTER_ROW_HEIGHT = 45;
export const GRID_MIN_COLUMN_WIDTH = 80;
export const GRID_DEFAULT_COLUMN_WIDTH = 160;
export const GRID_SELECT_COLUMN_WIDTH = 52;
export const GRID_EXPAND_COLUMN_WIDTH = 20;
/** Rows rendered beyond each edge of the viewport. */
export const GRID_OVERSCAN = 4;
/** The rendered range is rounded out to multiples of this many rows. */
export const GRID_RENDER_BLOCK = 8;
/** Column widths are saved this long after the last resize. */
export const GRID_WIDTH_SAVE_DEBOUNCE_MS = 500;
/** Header filters are committed this long after the last keystroke. */
export const GRID_FILTER_DEBOUNCE_MS = 500;
/** `onLoadMore` is asked for when the scroll position is this close to the bottom. */
export const GRID_LOAD_MORE_THRESHOLD_PX = 300;
export const GRID_PAGE_SIZES = [50, 100, 200, 500] as const;
/** Platform §9: tables show 50 rows a page unless the user chooses more. */
export const GRID_DEFAULT_PAGE_SIZE = 50;
/** localStorage keys of saved column settings start with this. */
export const GRID_SETTINGS_KEY_PREFIX = 'vigil.grid.';
/** Ids of the grid's own columns; never part of saved settings. */
export const SELECT_COLUMN_ID = '__select';
export const EXPAND_COLUMN_ID = '__expand';
