import type { DemoStatus } from './types.ts';

/** HTML pieces the notification cards are built from. */

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Label/value rows of a notification card ("Device:" | "FS01"). */
export function kvTable(rows: [string, string][], colon = true): string {
  const td = 'style="padding:3px 12px 3px 0;color:#555;white-space:nowrap;vertical-align:top;"';
  return [
    '<table cellpadding="0" cellspacing="0">',
    ...rows.map(
      ([k, v]) => `<tr><td ${td}>${esc(k)}${colon ? ':' : ''}</td><td style="padding:3px 0;">${esc(v)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
}

export const kvText = (rows: [string, string][]) => rows.map(([k, v]) => `${k}: ${v}`).join('\n');

/** A bordered data table with a header row. */
export function grid(head: string[], rows: string[][]): string {
  const cell = 'padding:5px 8px;border:1px solid #d5dae1;text-align:left;';
  return [
    '<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin-top:10px;">',
    `<tr>${head.map((h) => `<th style="${cell}background:#eef1f5;">${esc(h)}</th>`).join('')}</tr>`,
    ...rows.map((r) => `<tr>${r.map((c) => `<td style="${cell}">${esc(c)}</td>`).join('')}</tr>`),
    '</table>',
  ].join('\n');
}

export function page(body: string, font = 'Segoe UI,Arial,sans-serif'): string {
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"></head>',
    `<body style="font-family:${font};font-size:13px;color:#222;">`,
    body,
    '</body></html>',
  ].join('\n');
}

export const COLORS: Record<DemoStatus, string> = { Success: '#2e9e44', Warning: '#f0a020', Failure: '#d64541' };

export function banner(product: string, title: string, status: DemoStatus, background = '#1b2a41'): string {
  return [
    `<div style="background:${background};color:#fff;padding:12px 16px;font-size:15px;">${esc(product)}</div>`,
    `<div style="border-left:6px solid ${COLORS[status]};padding:10px 16px;margin:12px 0;font-size:17px;font-weight:bold;">${esc(title)}</div>`,
  ].join('\n');
}

export function footer(text: string): string {
  return `<p style="color:#888;font-size:11px;margin-top:20px;">${esc(text)}</p>`;
}
