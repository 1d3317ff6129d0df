// Status colours (platform §3) and sidebar colours of the light and dark themes.
import type { SidebarPalette, StatusPalette, ThemeMode } from './paletteTypes';

export const statusPalettes: Record<ThemeMode, StatusPalette> = {
  light: {
    success: '#1f9d63',
    warning: '#d99a00',
    failure: '#e0474c',
    noResult: '#8a94a6',
    pending: '#3b7ddd',
    suppressedNoResult: '#b9c1cd',
    notScheduled: '#d5dae2',
  },
  dark: {
    success: '#3cc587',
    warning: '#f2b531',
    failure: '#f26d71',
    noResult: '#9aa4b5',
    pending: '#6aa3f5',
    suppressedNoResult: '#6b7585',
    notScheduled: '#465062',
  },
};

export const sidebarPalettes: Record<ThemeMode, SidebarPalette> = {
  dark: {
    background: '#0d141f',
    text: '#c3cbd9',
    muted: '#7c8799',
    hover: 'rgba(255,255,255,0.05)',
    active: 'rgba(134,165,255,0.16)',
    activeText: '#ffffff',
    border: 'rgba(255,255,255,0.06)',
  },
  light: {
    background: '#0f1a2c',
    text: '#c9d2e2',
    muted: '#7f8ba1',
    hover: 'rgba(255,255,255,0.06)',
    active: 'rgba(112,146,255,0.22)',
    activeText: '#ffffff',
    border: 'rgba(255,255,255,0.06)',
  },
};
