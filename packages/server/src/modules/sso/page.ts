import { randomBytes } from 'node:crypto';
import type { SsoPopupResult } from '@vigil/contract';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The page the sign-in popup ends on: it posts the result to the window that opened it, to our
 * own origin only, and closes. Opened without an opener it shows the message and keeps the
 * tokens to itself. The one inline script runs under a nonce of its own.
 */
export function resultPage(result: SsoPopupResult, appOrigin: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const data = JSON.stringify(result).replace(/</g, '\\u003c');
  const origin = JSON.stringify(appOrigin).replace(/</g, '\\u003c');
  const text =
    result.outcome === 'error' ? result.Message : 'Signed in. This window closes by itself; you can also close it now.';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vigil sign-in</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f7fa;color:#1c2430}
p{max-width:32rem;padding:1.5rem;line-height:1.5}</style></head>
<body><p id="message" role="status">${escapeHtml(text)}</p>
<script type="application/json" id="sso-result">${data}</script>
<script nonce="${nonce}">
(function () {
  var result = JSON.parse(document.getElementById('sso-result').textContent);
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(result, ${origin});
    window.close();
  } else if (result.outcome !== 'error') {
    document.getElementById('message').textContent =
      'This window has lost the Vigil page that opened it. Close it and sign in again from Vigil.';
  }
})();
</script></body></html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
