// The theme's mode and the palette entries Vigil adds to MUI's theme (status and sidebar colours).

export type ThemeMode = 'light' | 'dark';

/** Result status colours (platform §3) used by chips, charts and legends. */
export interface StatusPalette {
  success: string;
  warning: string;
  failure: string;
  noResult: string;
  pending: string;
  suppressedNoResult: string;
  notScheduled: string;
}

export interface SidebarPalette {
  background: string;
  text: string;
  muted: string;
  hover: string;
  active: string;
  activeText: string;
  border: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    status: StatusPalette;
    sidebar: SidebarPalette;
  }
  interface PaletteOptions {
    status?: StatusPalette;
    sidebar?: SidebarPalette;
  }
  interface Mixins {
    appBarHeight: number;
  }
  interface MixinsOptions {
    appBarHeight?: number;
  }
}
