import type { ReportDocument, ReportSection } from '@vigil/contract';
import { CellFormat, headerLines, statusStyle, type RenderOptions } from './format.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Light colours only: the page is printed and mailed, and the report window is always light.
const CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: #fff; color: #1b2430;
  font: 13px/1.45 Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif; }
header.report { display: flex; align-items: center; gap: 16px; border-bottom: 2px solid #3358d4; padding-bottom: 12px; }
header.report img { max-height: 44px; max-width: 180px; object-fit: contain; }
header.report .tenant { font-size: 13px; font-weight: 600; color: #475467; }
header.report h1 { margin: 2px 0 0; font-size: 22px; }
.meta { margin: 12px 0 0; color: #475467; }
.meta dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 0; }
.meta dt { font-weight: 600; }
.meta dd { margin: 0; }
section { margin-top: 28px; }
h2 { font-size: 16px; margin: 0 0 8px; }
.scroll { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 12px; }
th, td { padding: 5px 8px; text-align: left; vertical-align: top; white-space: pre-line; }
th { background: #e9edf3; border-bottom: 1px solid #98a2b3; font-weight: 600; white-space: nowrap; }
tbody tr:nth-child(even) td { background: #f6f7f9; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.when { white-space: nowrap; }
td.status span { display: inline-block; padding: 1px 8px; border-radius: 10px; font-weight: 600; white-space: nowrap; }
tfoot td { font-weight: 600; border-top: 1px solid #98a2b3; }
p.empty { color: #667085; font-style: italic; }
footer.brand { margin-top: 32px; padding-top: 10px; border-top: 1px solid #d0d5dd; color: #475467; font-size: 12px; white-space: pre-line; }
@media print {
  body { padding: 0; font-size: 11px; }
  @page { margin: 14mm; }
  thead { display: table-header-group; }
  tfoot { display: table-row-group; }
  tr { break-inside: avoid; }
  section + section { break-before: page; }
  h2 { break-after: avoid; }
  .scroll { overflow: visible; }
  th, td.when { white-space: normal; }
  th, td { padding: 3px 5px; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

function sectionHtml(section: ReportSection, fmt: CellFormat): string {
  const title = `<h2>${escapeHtml(section.title)}</h2>`;
  if (section.rows.length === 0 && section.emptyText) {
    return `<section>${title}<p class="empty">${escapeHtml(section.emptyText)}</p></section>`;
  }
  const numeric = section.columns.map((c) => c.type === 'number' || c.type === 'percent');
  const cells = (values: ReportSection['rows'][number]) =>
    section.columns
      .map((column, j) => {
        const value = values[j] ?? null;
        const text = escapeHtml(fmt.text(column, value));
        if (column.type === 'status') {
          const colours = statusStyle(value);
          const style = colours ? ` style="background:${colours.fill};color:${colours.text}"` : '';
          return `<td class="status">${text ? `<span${style}>${text}</span>` : ''}</td>`;
        }
        if (numeric[j]) return `<td class="num">${text}</td>`;
        return column.type === 'date' || column.type === 'datetime'
          ? `<td class="when">${text}</td>`
          : `<td>${text}</td>`;
      })
      .join('');
  const head = section.columns
    .map((c, j) => `<th scope="col"${numeric[j] ? ' class="num"' : ''}>${escapeHtml(c.label)}</th>`)
    .join('');
  const body = section.rows.map((r) => `<tr>${cells(r)}</tr>`).join('\n');
  const foot = section.totals ? `<tfoot><tr>${cells(section.totals)}</tr></tfoot>` : '';
  return `<section>${title}<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody>${foot}</table></div></section>`;
}

/**
 * A complete, standalone, printable page (inline CSS, no scripts, no outside resources):
 * the mailed copy of a report and what a browser prints. Every value is escaped.
 */
export function renderHtml(
  doc: ReportDocument,
  opts: Pick<RenderOptions, 'logo' | 'footerText' | 'primaryColor'> = {},
): string {
  const fmt = new CellFormat(doc);
  const lines = headerLines(doc, fmt);
  const logo =
    opts.logo && /^image\/(png|jpeg|gif|webp)$/.test(opts.logo.type)
      ? `<img src="data:${opts.logo.type};base64,${opts.logo.bytes.toString('base64')}" alt="${escapeHtml(doc.tenantName)}">`
      : '';
  const facts = doc.facts.length
    ? `<dl>${doc.facts.map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join('')}</dl>`
    : '';
  const when = [lines.range, lines.generated].filter(Boolean).map(escapeHtml).join(' &middot; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(`${doc.title} — ${doc.tenantName}`)}</title>
<style>${CSS}${opts.primaryColor && /^#[0-9a-f]{6}$/i.test(opts.primaryColor) ? `\nheader.report { border-bottom-color: ${opts.primaryColor}; }` : ''}</style>
</head>
<body>
<header class="report">${logo}<div><div class="tenant">${escapeHtml(doc.tenantName)}</div><h1>${escapeHtml(doc.title)}</h1></div></header>
<div class="meta"><div>${when}</div>${facts}</div>
${doc.sections.map((s) => sectionHtml(s, fmt)).join('\n')}
${opts.footerText ? `<footer class="brand">${escapeHtml(opts.footerText)}</footer>\n` : ''}</body>
</html>
`;
}
