import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.ts';
import { RED_PNG, summaryDocument } from './test-documents.ts';

describe('HTML', () => {
  const doc = summaryDocument(8, { tenantName: 'Smith & <Sons>', facts: [{ label: 'Tags', value: '"prod" <all>' }] });
  const html = renderHtml(doc, { logo: { type: 'image/png', bytes: RED_PNG } });

  it('escapes every value', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Smith &amp; &lt;Sons&gt;');
    expect(html).toContain('&quot;prod&quot; &lt;all&gt;');
    expect(html).toContain('Globex &quot;North&quot;');
  });

  it('is a standalone page: inline styles, the logo inline, nothing fetched', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toMatch(/<style>[\s\S]*@media print[\s\S]*thead \{ display: table-header-group; \}/);
    expect(html).toContain('section + section { break-before: page; }');
    expect(html).toContain('<img src="data:image/png;base64,');
    expect(html).not.toMatch(/<(script|link)\b|src="http|url\(/i);
    expect(html).toContain('<meta name="color-scheme" content="light">');
  });

  it('shows cells in the tenant formats with status names and a totals row', () => {
    expect(html).toContain('<td class="num">70.0%</td>');
    expect(html).toMatch(
      /<td class="status"><span style="background:#[0-9a-f]{6};color:#[0-9a-f]{6}">Warning<\/span><\/td>/,
    );
    expect(html).toContain('<td class="when">11/01/2026 08:30 PM</td>');
    expect(html).toContain('10/24/2026 – 11/22/2026');
    expect(html).toMatch(/<tfoot><tr><td>Total<\/td><td class="num">37<\/td>/);
    expect(html).toContain('<p class="empty">Every backup belongs to a company.</p>');
    expect(html.match(/<tbody>/g)).toHaveLength(1);
  });

  it('leaves the logo out when there is none or it is not an image', () => {
    expect(renderHtml(doc)).not.toContain('<img');
    expect(renderHtml(doc, { logo: { type: 'text/html', bytes: Buffer.from('<b>') } })).not.toContain('<img');
  });
});
