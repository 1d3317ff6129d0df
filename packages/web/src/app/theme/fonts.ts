// The theme's font stacks: the interface font and the monospace font of code and raw e-mails.

export const fontFamily = [
  'Inter',
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const monoFontFamily = [
  '"JetBrains Mono"',
  '"SFMono-Regular"',
  'Menlo',
  'Consolas',
  '"Liberation Mono"',
  'monospace',
].join(',');
