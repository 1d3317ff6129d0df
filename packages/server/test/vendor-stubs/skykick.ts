import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenStub } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local SkyKick Partner Integration API behind an Azure API Management-like gateway: every call
 * needs `Ocp-Apim-Subscription-Key`; `POST /auth/token` (HTTP Basic client id + key,
 * `grant_type=client_credentials&scope=Partner`) gives a Bearer token for `/whoami`, `/Backup`
 * (subscriptions) and `/Backup/{id}/lastsnapshotstats|mailboxes|sites`. Lists are not paged
 * (SkyKick allows `$top` but refuses `$skip`), so `pageSize` is not used. Gateway errors are
 * `{statusCode, message}`; the API's own are ASP.NET's `{Message}`.
 */

const CLIENT_ID = 'partner-stub-user';
const KEY = '0123456789abcdef0123456789abcdef';
const REFUSAL = 'Access denied due to invalid subscription key';
const DAY = 24 * 3600 * 1000;

type Service = 'Exchange' | 'OneDrive' | 'SharePoint';
const SERVICE_NAME: Record<Service, string> = {
  Exchange: 'Exchange Online',
  OneDrive: 'OneDrive',
  SharePoint: 'SharePoint Online',
};

interface Slot {
  subscriptionId: string;
  row: {
    SubscriptionId: string;
    ServiceType: Service;
    EmailAddress: string | null;
    SiteUrl: string | null;
    DisplayName: string;
    LastSnapshotStatus: string | null;
    LastSnapshotStartTime: string | null;
    LastSnapshotEndTime: string | null;
    ItemCount: number | null;
    SizeInBytes: number | null;
    ErrorMessage: string | null;
  };
}

const guid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export async function startSkykickStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const subs = Array.from({ length: customerCount }, (_, c) => ({
    id: guid(1, c + 1),
    companyName: `Customer ${c + 1}`,
    orderState: 'Active',
    domain: `customer${c + 1}.example`,
  }));
  const slotsBySub = new Map<string, Slot[]>();
  const mailboxes = new Map<string, { SubscriptionId: string; EmailAddress: string; DisplayName: string }[]>();
  const sites = new Map<string, { SubscriptionId: string; Url: string; Title: string; Enabled: boolean }[]>();
  const empty = (subscriptionId: string, row: Partial<Slot['row']> & Pick<Slot['row'], 'SubscriptionId'>): Slot => ({
    subscriptionId,
    row: {
      ServiceType: 'Exchange',
      EmailAddress: null,
      SiteUrl: null,
      DisplayName: '',
      LastSnapshotStatus: null,
      LastSnapshotStartTime: null,
      LastSnapshotEndTime: null,
      ItemCount: null,
      SizeInBytes: null,
      ErrorMessage: null,
      ...row,
    },
  });
  // Each user's mailbox and OneDrive, then the company's SharePoint site; slots interleave customers.
  const perSub = subs.map((s, c) => {
    const users = Array.from({ length: perCustomer }, (_, u) => ({
      SubscriptionId: guid(2, c * 10_000 + u + 1),
      EmailAddress: `user${u + 1}@${s.domain}`,
      DisplayName: `User ${u + 1}`,
    }));
    const site = {
      SubscriptionId: guid(3, c + 1),
      Url: `https://customer${c + 1}.sharepoint.com/sites/team`,
      Title: 'Team Site',
      Enabled: true,
    };
    mailboxes.set(s.id, users);
    sites.set(s.id, [site]);
    const slots = [
      ...users.flatMap((u) =>
        (['Exchange', 'OneDrive'] as const).map((ServiceType) =>
          empty(s.id, { ...u, ServiceType, SiteUrl: null, DisplayName: u.DisplayName }),
        ),
      ),
      empty(s.id, {
        SubscriptionId: site.SubscriptionId,
        ServiceType: 'SharePoint',
        SiteUrl: site.Url,
        DisplayName: site.Title,
      }),
    ];
    slotsBySub.set(s.id, slots);
    return slots;
  });
  const order: Slot[] = [];
  for (let i = 0; i < Math.max(...perSub.map((p) => p.length), 0); i++)
    for (const p of perSub) if (p[i]) order.push(p[i]!);

  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const iso = (ms: number) => new Date(ms).toISOString();
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const slot = order[seq++ % order.length]!;
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    Object.assign(slot.row, {
      LastSnapshotStatus:
        status === 'Success' ? 'Succeeded' : status === 'Warning' ? 'CompletedWithWarnings' : 'Failed',
      LastSnapshotStartTime: iso(end - 10 * 60_000),
      LastSnapshotEndTime: iso(end),
      ItemCount: 1000 + seq,
      SizeInBytes: 1_048_576 * (seq + 1),
      ErrorMessage:
        status === 'Failure'
          ? 'The mailbox could not be reached'
          : status === 'Warning'
            ? '3 items could not be backed up'
            : null,
    });
    return `${slot.subscriptionId}:${slot.row.SubscriptionId}:${SERVICE_NAME[slot.row.ServiceType]}:${iso(end)}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const tokens = new Set<string>();
  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => resolve(raw));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (req.headers['ocp-apim-subscription-key'] !== KEY) {
      return send(res, 401, {
        statusCode: 401,
        message: `${REFUSAL}. Make sure to provide a valid key for an active subscription.`,
      });
    }
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (req.method === 'POST' && path === '/auth/token') {
      const form = new URLSearchParams(await readBody(req));
      const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${KEY}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return send(res, 400, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
      if (!['Partner', 'Distributor'].includes(form.get('scope') ?? ''))
        return send(res, 400, { error: 'invalid_scope' });
    } else {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) {
        return send(res, 401, { Message: 'Authorization has been denied for this request.' });
      }
    }
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) {
      return send(
        res,
        429,
        { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' },
        {
          'Retry-After': '1',
        },
      );
    }
    if (fail) return send(res, fail, { Message: 'An error has occurred.' });
    if (path === '/auth/token') {
      const token = `sk_stub_token_${tokens.size + 1}`;
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (req.method !== 'GET')
      return send(res, 405, { Message: 'The requested resource does not support this method.' });
    if (path === '/whoami') return send(res, 200, { UserName: CLIENT_ID, Scope: 'Partner', PartnerId: guid(9, 1) });
    if (path === '/Backup')
      return send(
        res,
        200,
        subs.map(({ domain: _d, ...s }) => s),
      );
    const m = /^\/Backup\/([^/]+)\/(lastsnapshotstats|mailboxes|sites)$/.exec(path);
    const sub = m ? subs.find((s) => s.id === decodeURIComponent(m[1]!)) : undefined;
    if (!m || !sub) return send(res, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
    if (m[2] === 'lastsnapshotstats')
      return send(
        res,
        200,
        slotsBySub.get(sub.id)!.map((s) => s.row),
      );
    if (m[2] === 'mailboxes') {
      const list = mailboxes.get(sub.id)!.map((mb) => ({ ...mb, Enabled: true }));
      return send(res, 200, { IndividualMailboxes: list, SharedMailboxes: [] });
    }
    return send(res, 200, sites.get(sub.id));
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'skykick',
    url,
    credentials: () => ({ ApiUrl: url, ClientId: CLIENT_ID, SubscriptionKey: KEY }),
    wrongCredentials: () => ({ ApiUrl: url, ClientId: CLIENT_ID, SubscriptionKey: 'ffffffffffffffffffffffffffffffff' }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => subs.map((s) => ({ id: s.id, name: s.companyName })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}
