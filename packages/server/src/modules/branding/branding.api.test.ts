import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Reply, type TestApp } from '../../../test/harness.ts';
import { encodePng } from '../../../test/png.ts';

/** A real PNG (8-bit RGB, one colour) of the given size. */
const png = (width: number, height: number, rgb: [number, number, number] = [30, 107, 214]): Buffer =>
  encodePng(width, height, () => rgb);

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

async function upload(
  persona: 'admin' | 'standard' | 'outsider',
  bytes: Buffer,
  opts: { name?: string; field?: string; type?: string } = {},
): Promise<Reply> {
  const boundary = '----vigilimage';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.name ?? 'logo.png'}"\r\n` +
        `Content-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/common/image-upload?isTenantLogo=true',
    headers: {
      authorization: `Bearer ${await t.token(persona)}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('image upload', () => {
  it('stores a PNG and serves it publicly by its token with long cache headers', async () => {
    const bytes = png(320, 120);
    const r = await upload('admin', bytes);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Width: 320, Height: 120 });
    expect(r.body.Value).toMatch(/^\/api\/image\/[A-Za-z0-9_-]{32}$/);
    const served = await t.app.inject({ method: 'GET', url: r.body.Value });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a file that is not a PNG with the upload message of the spec', async () => {
    const r = await upload('admin', Buffer.from('GIF89a not really'), { name: 'logo.gif', type: 'image/gif' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      statusCode: 400,
      title: 'Bad Request',
      Message: 'File "logo.gif" has invalid type. Allowed types: image/png',
    });
  });

  it('refuses an image whose larger side is over 800 pixels', async () => {
    const r = await upload('admin', png(801, 10));
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('The image is 801×10 pixels. Its larger side must be at most 800 pixels.');
    expect((await upload('admin', png(10, 800))).status).toBe(200);
  });

  it('refuses a file over 7 MiB with its size', async () => {
    const big = Buffer.concat([png(4, 4), Buffer.alloc(7 * 1024 * 1024)]);
    const r = await upload('admin', big, { name: 'huge.png' });
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/^File "huge\.png" size is 7\.\d\d MB\. Max size is 7 MB$/);
  });

  it('needs the file in the field "file" and the branding permission', async () => {
    expect((await upload('admin', png(4, 4), { field: 'other' })).body.Message).toBe(
      'Attach a PNG image in the field "file".',
    );
    expect((await upload('standard', png(4, 4))).status).toBe(403);
    const anon = await t.call('POST', '/api/common/image-upload?isTenantLogo=true');
    expect(anon.status).toBe(401);
  });

  it('answers 404 for an unknown token', async () => {
    const r = await t.call('GET', '/api/image/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(r.status).toBe(404);
    expect(r.body.Message).toBe('Not found');
  });
});

describe('branding', () => {
  it("starts as the 'default' branding", async () => {
    const admin = await t.as('outsider');
    expect((await admin('GET', '/api/branding-info')).body).toEqual({
      Id: 'default',
      Logo: null,
      PrimaryColor: null,
      AccentColor: null,
      FooterText: null,
    });
  });

  it('saves logo and colours, shows the logo in settings, and stops serving a replaced logo', async () => {
    const admin = await t.as('admin');
    const first = (await upload('admin', png(200, 80))).body.Value as string;
    const saved = await admin('POST', '/api/branding-info', {
      Logo: first,
      PrimaryColor: '#AA3300',
      AccentColor: '#00aa33',
      FooterText: 'Acme MSP — backups you can trust',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ Logo: first, PrimaryColor: '#aa3300', AccentColor: '#00aa33' });
    expect(saved.body.Id).not.toBe('default');
    expect((await admin('GET', '/api/common/settings')).body.CustomLogo).toBe(first);

    const second = (await upload('admin', png(100, 100, [200, 0, 0]))).body.Value as string;
    await admin('POST', '/api/branding-info', {
      Logo: second,
      PrimaryColor: null,
      AccentColor: null,
      FooterText: null,
    });
    expect((await admin('GET', '/api/branding-info')).body.Logo).toBe(second);
    expect((await t.call('GET', first)).status).toBe(404);
    expect((await t.call('GET', second)).status).toBe(200);

    await admin('POST', '/api/branding-info', { Logo: null, PrimaryColor: null, AccentColor: null, FooterText: null });
    expect((await admin('GET', '/api/common/settings')).body.CustomLogo).toBeNull();
  });

  it('refuses bad colours and a logo that is not an upload of this tenant, changing nothing', async () => {
    const admin = await t.as('admin');
    const outsider = await t.as('outsider');
    const before = (await admin('GET', '/api/branding-info')).body;
    const bad = await admin('POST', '/api/branding-info', {
      Logo: null,
      PrimaryColor: 'red',
      AccentColor: null,
      FooterText: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0]).toEqual({ Field: 'PrimaryColor', Message: 'Colour must be a hex value like #1e6bd6' });

    const theirs = (await upload('outsider', png(50, 50))).body.Value as string;
    for (const Logo of [theirs, 'https://example.com/logo.png']) {
      const r = await admin('POST', '/api/branding-info', {
        Logo,
        PrimaryColor: '#111111',
        AccentColor: null,
        FooterText: null,
      });
      expect(r.status, Logo).toBe(400);
      expect(r.body.Message).toBe('The logo must be an image uploaded for this tenant.');
    }
    expect((await admin('GET', '/api/branding-info')).body).toEqual(before);
    // The other tenant's own branding is untouched by ours.
    expect((await outsider('GET', '/api/branding-info')).body.Id).toBe('default');
  });

  it('puts the uploaded logo on shared dashboards and into PDF reports', async () => {
    const admin = await t.as('admin');
    const pdf = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/backup-methods/report?reportType=1',
          headers: { authorization: `Bearer ${await t.token('admin')}`, 'content-type': 'application/json' },
          payload: '{}',
        })
      ).rawPayload.toString('latin1');
    await admin('POST', '/api/branding-info', { Logo: null, PrimaryColor: null, AccentColor: null, FooterText: null });
    expect(await pdf()).not.toContain('/Subtype /Image');
    const bytes = png(120, 60, [0, 128, 0]);
    const logo = (await upload('admin', bytes)).body.Value as string;
    await admin('POST', '/api/branding-info', { Logo: logo, PrimaryColor: null, AccentColor: null, FooterText: null });
    const dash = await admin('POST', '/api/dashboard', { name: 'Wall' });
    expect(dash.status).toBe(200);
    const share = await admin('POST', `/api/dashboard/${dash.body.id}/share`);
    expect(share.status).toBe(200);
    const token = share.body.token as string;
    const shared = await t.call('GET', `/api/dashboard-share?token=${token}`);
    expect(shared.body.hasLogo).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/api/dashboard-share/logo?token=${token}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(await pdf()).toContain('/Subtype /Image');
  });
});
