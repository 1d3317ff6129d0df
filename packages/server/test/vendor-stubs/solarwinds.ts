import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * N-able Cove Data Protection's JSON-RPC management API (POST /jsonapi): Login → visa, every
 * answer carries the visa; EnumeratePartners; EnumerateAccountStatistics with StartRecordNumber /
 * RecordsCount paging and one single-key Settings object per column. Cove keeps the last session
 * per device and data source, so each generated session occupies its own (device, data source)
 * slot; added sessions take empty slots first, then the longest-idle ones.
 */

const PARTNER = 'Vigil Test MSP';
const USER = 'api-user@example.com';
const PASSWORD = 'cove-api-token';
const ROOT_PARTNER_ID = 1000;
const REFUSAL = 'Authorization failed. Wrong partner name, user name or password';
const SOURCES = ['D01', 'D02', 'D10', 'D14', 'D06', 'D07', 'D03', 'D08', 'D11', 'D12', 'D15', 'D19', 'D20'];
const CODE = { Success: 5, Warning: 8, Failure: 2 } as const;

interface Slot {
  at: number;
  code: number;
}
interface Device {
  id: number;
  partnerId: number;
  name: string;
  customer: string;
  slots: (Slot | null)[];
}

export async function startSolarwindsStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 2;
  const sessionCount = options.sessions ?? 12;
  const pageSize = Math.min(options.pageSize ?? 1000, 1000);
  const customers = Array.from({ length: customerCount }, (_, i) => ({
    id: String(ROOT_PARTNER_ID + 1 + i),
    name: `Customer ${i + 1}`,
  }));
  const devices: Device[] = [];
  for (const [ci, c] of customers.entries())
    for (let d = 0; d < perCustomer; d++)
      devices.push({
        id: 50_000 + ci * perCustomer + d,
        partnerId: Number(c.id),
        name: `COVE-${ci + 1}-${d + 1}`,
        customer: c.name,
        slots: [],
      });
  const slotsPerDevice = Math.min(SOURCES.length, Math.max(1, Math.ceil(sessionCount / Math.max(1, devices.length))));
  for (const d of devices) d.slots = Array.from({ length: slotsPerDevice }, () => null);
  const nowSec = () => Math.floor(Date.now() / 1000);
  // Generated history: spread over the last two days, ending a minute ago.
  const start = nowSec() - 2 * 24 * 3600;
  const span = 2 * 24 * 3600 - 60;
  let clock = 0;
  for (let i = 0; i < sessionCount && devices.length; i++) {
    const device = devices[i % devices.length]!;
    const slot = Math.floor(i / devices.length) % slotsPerDevice;
    const at = start + Math.floor((span * (i + 1)) / sessionCount);
    device.slots[slot] = { at, code: i % 11 === 10 ? CODE.Failure : i % 7 === 6 ? CODE.Warning : CODE.Success };
    clock = Math.max(clock, at);
  }

  const visas = new Set<string>();
  const requests: { method: string; path: string }[] = [];
  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const hanging = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const rpcError = (res: ServerResponse, code: number, message: string) =>
    json(res, 200, { id: 'jsonrpc', jsonrpc: '2.0', error: { code, message, data: null } });
  const newVisa = () => {
    const v = randomBytes(24).toString('base64url');
    visas.add(v);
    return v;
  };

  function settings(d: Device, columns: string[]): Record<string, string>[] {
    const out: Record<string, string>[] = [];
    const latest = Math.max(0, ...d.slots.map((s) => s?.at ?? 0));
    for (const col of columns) {
      let value: string | undefined;
      if (col === 'I1') value = d.name;
      else if (col === 'I8') value = d.customer;
      else if (col === 'I18') value = d.name.toLowerCase();
      else if (col === 'I16') value = 'Windows Server 2022';
      else if (col === 'I17') value = '24.3.0.24034';
      else if (col === 'I19') value = `10.0.${d.id % 250}.${(d.id % 200) + 10}`;
      else if (col === 'I21') value = `00-15-5D-00-${(d.id % 256).toString(16).padStart(2, '0').toUpperCase()}-01`;
      else if (col === 'TS') value = latest ? String(latest) : undefined;
      else {
        const m = /^D(\d{2})F(\d{2})$/.exec(col);
        const idx = m ? SOURCES.indexOf(`D${m[1]}`) : -1;
        const slot = idx >= 0 ? d.slots[idx] : null;
        if (slot) {
          const field = m![2];
          if (field === '00') value = String(slot.code);
          else if (field === '15') value = String(slot.at);
          else if (field === '12') value = String(60 + (d.id % 600));
          else if (field === '04') value = String(1_048_576 * ((d.id % 50) + 1));
          else if (field === '06') value = slot.code === CODE.Success ? '0' : String((d.id % 5) + 1);
        }
      }
      if (value !== undefined) out.push({ [col]: value });
    }
    return out;
  }

  function handle(body: Record<string, unknown>, res: ServerResponse) {
    const method = String(body.method ?? '');
    const params = (body.params ?? {}) as Record<string, unknown>;
    if (method === 'Login') {
      if (params.partner !== PARTNER || params.username !== USER || params.password !== PASSWORD)
        return rpcError(res, 2, REFUSAL);
      return json(res, 200, {
        id: 'jsonrpc',
        jsonrpc: '2.0',
        result: {
          result: {
            EmailAddress: USER,
            Flags: ['SecurityOfficer', 'NonInteractive'],
            Name: USER,
            PartnerId: ROOT_PARTNER_ID,
          },
        },
        visa: newVisa(),
      });
    }
    if (typeof body.visa !== 'string' || !visas.has(body.visa))
      return rpcError(res, 13501, 'Operation failed because of security reasons (visa is invalid or expired)');
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) {
        hanging.add(res);
        return;
      }
      if (failures.status === 429) return json(res, 429, { error: 'Too Many Requests' }, { 'Retry-After': '1' });
      return json(res, failures.status, { error: 'Service Unavailable' });
    }
    const visa = newVisa();
    if (method === 'EnumeratePartners') {
      const result = customers.map((c) => ({
        Id: Number(c.id),
        Name: c.name,
        Level: 'EndCustomer',
        ParentId: ROOT_PARTNER_ID,
        ServiceType: 'AllInclusive',
      }));
      return json(res, 200, { id: 'jsonrpc', jsonrpc: '2.0', result: { result }, visa });
    }
    if (method === 'EnumerateAccountStatistics') {
      const q = (params.query ?? {}) as { StartRecordNumber?: number; RecordsCount?: number; Columns?: string[] };
      const from = Math.max(0, Number(q.StartRecordNumber ?? 0));
      const count = Math.min(pageSize, Math.max(0, Number(q.RecordsCount ?? pageSize)));
      const columns = q.Columns ?? ['I1'];
      const result = devices
        .slice(from, from + count)
        .map((d) => ({ AccountId: d.id, Flags: null, PartnerId: d.partnerId, Settings: settings(d, columns) }));
      return json(res, 200, { id: 'jsonrpc', jsonrpc: '2.0', result: { result, totalStatistics: null }, visa });
    }
    return rpcError(res, -32601, `Method '${method}' not found`);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/' });
      if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== '/jsonapi')
        return json(res, 404, { error: 'Not Found' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return rpcError(res, -32700, 'Parse error');
      }
      handle(body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    type: 'solarwinds',
    url,
    region: 'global',
    refusalText: REFUSAL,
    credentials: () => ({ PartnerName: PARTNER, UserName: USER, Password: PASSWORD, ApiUrl: `${url}/jsonapi` }),
    wrongCredentials: () => ({
      PartnerName: PARTNER,
      UserName: USER,
      Password: 'wrong-token',
      ApiUrl: `${url}/jsonapi`,
    }),
    customers: () => customers.map((c) => ({ ...c })),
    requests,
    failNext(count, status) {
      failures = { count, status };
    },
    addSessions(count, opts = {}) {
      const ids: string[] = [];
      if (!devices.length) return ids;
      const free: [Device, number][] = [];
      const used: [Device, number][] = [];
      for (const d of devices) d.slots.forEach((s, i) => (s ? used : free).push([d, i]));
      used.sort((a, b) => a[0].slots[a[1]]!.at - b[0].slots[b[1]]!.at);
      const order = [...free, ...used];
      // One session time per call (Cove times are whole seconds), after everything already there.
      const at = opts.at ? Math.floor(opts.at.getTime() / 1000) : Math.max(nowSec(), clock + 1);
      clock = Math.max(clock, at);
      for (let i = 0; i < count; i++) {
        let pick = order[i];
        if (!pick) {
          // Every slot holds a session newer than the ones being added: open another data source.
          const d = devices[i % devices.length]!;
          if (d.slots.length >= SOURCES.length) break;
          d.slots.push(null);
          pick = [d, d.slots.length - 1];
        }
        const [d, slot] = pick;
        d.slots[slot] = { at, code: CODE[opts.status ?? 'Success'] };
        ids.push(`${d.id}:${SOURCES[slot]}:${at}`);
      }
      return ids;
    },
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
