/**
 * Demo notification e-mails: a deterministic estate of client companies and their backups, the
 * runs of each backup over a span of days, and for every run the notification e-mail that the
 * vendor's product would send. Every e-mail is written in the layout its vendor parser
 * (ingest/parser/vendors) reads, so feeding these messages through the intake fills the demo
 * tenant with a believable history: mostly green, a few warnings, failure streaks, backups that
 * stopped reporting.
 *
 * Times. Most products print local wall-clock times without a zone; the renderer writes them in
 * `opts.timeZone` (the zone of the client's servers, by default UTC), exactly as the product on
 * site would. Cloud services that print UTC (Axcient) get UTC. The Date header is the run's end,
 * with the zone's offset.
 *
 * Senders. On-premises products mail through the client's own SMTP relay, so they send from an
 * address at the company's domain; hosted services (Datto, Axcient, Acronis Cloud, Cove, MSP360)
 * send from their own domains, which their parsers also expect.
 *
 * Pure and deterministic: the same run gives byte-identical e-mails (so a resend is a duplicate),
 * and the same seed gives the same estate.
 */

export type DemoStatus = 'Success' | 'Warning' | 'Failure';

export interface DemoRun {
  /** Parser id, e.g. 'veeam-br'. */
  vendor: string;
  /** Client company display name, e.g. 'Northwind Dental'. */
  company: string;
  /** Device / host name as the parser will report it. */
  device: string;
  /** Job name as the parser will report it (for vendors without job names, whatever the parser yields). */
  job: string;
  status: DemoStatus;
  start: Date;
  end: Date;
  sizeBytes?: number;
  /** For Warning/Failure: a realistic vendor-style message. */
  failureText?: string;
}

export type DemoSchedule = 'daily' | 'weekdays' | 'weekly-sunday';
export type DemoProfile = 'healthy' | 'flaky' | 'failing' | 'stopped' | 'warning-prone';

export interface DemoBackup {
  vendor: string;
  company: string;
  /** The company's plus-tag code (short, lowercase), for `<tenant>+<tag>@…` recipients. */
  tag: string;
  device: string;
  job: string;
  schedule: DemoSchedule;
  /** Hour of the day (0–23, local time) the job starts. */
  startHourLocal: number;
  profile: DemoProfile;
  /** 'stopped' backups only: the number of trailing days without any e-mail. */
  stoppedDaysAgo?: number;
}

export interface DemoCompany {
  name: string;
  /** Plus-tag code. */
  tag: string;
  /** The company's mail domain (senders of on-premises products). */
  domain: string;
}

/** The parser ids the generator writes e-mails for. */
export const DEMO_VENDORS: readonly string[] = [
  'veeam-br',
  'veeam-agent',
  'veeam-m365',
  'datto-bcdr',
  'acronis',
  'cove',
  'msp360',
  'synology-hyper-backup',
  'synology-active-backup',
  'windows-server-backup',
  'macrium',
  'backup-exec',
  'shadowprotect',
  'nakivo',
  'altaro',
  'proxmox-vzdump',
  'axcient',
  'comet',
  'unitrends',
];

// ---------------------------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------------------------

/** Small deterministic PRNG (Mulberry32): a seed gives a repeatable sequence of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32-bit FNV-1a hash of a string: stable per-backup and per-message choices. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function between(rnd: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rnd();
}

function intBetween(rnd: () => number, lo: number, hi: number): number {
  return Math.floor(between(rnd, lo, hi + 1));
}

function choose<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length) % list.length];
}

// ---------------------------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------------------------

/** Wall-clock parts of an instant in a zone; wd is the day of the week (0 = Sunday). */
interface Wall {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  wd: number;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function wall(date: Date, timeZone: string): Wall {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(date)) p[part.type] = part.value;
  return {
    y: Number(p.year),
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour) % 24,
    mi: Number(p.minute),
    s: Number(p.second),
    wd: WEEKDAYS.findIndex((w) => w.startsWith(p.weekday)),
  };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(date: Date, timeZone: string): number {
  const w = wall(date, timeZone);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/** The instant a local wall-clock time on a 'YYYY-MM-DD' day has in the zone. */
function zonedInstant(day: string, h: number, mi: number, s: number, timeZone: string): Date {
  const [y, mo, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60000);
}

function weekdayOf(day: string): number {
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** 2026-11-21 22:00:05 */
const isoLocal = (w: Wall) => `${w.y}-${p2(w.mo)}-${p2(w.d)} ${p2(w.h)}:${p2(w.mi)}:${p2(w.s)}`;
/** 10:00:05 PM */
const clock12 = (w: Wall) => `${w.h % 12 || 12}:${p2(w.mi)}:${p2(w.s)} ${w.h < 12 ? 'AM' : 'PM'}`;
/** 22:00:05 */
const clock24 = (w: Wall) => `${p2(w.h)}:${p2(w.mi)}:${p2(w.s)}`;
/** 11/21/2026 */
const usDay = (w: Wall) => `${p2(w.mo)}/${p2(w.d)}/${w.y}`;
/** Saturday, November 21, 2026 */
const longDay = (w: Wall) => `${WEEKDAYS[w.wd]}, ${MONTHS[w.mo - 1]} ${w.d}, ${w.y}`;
/** Nov 21, 2026 */
const shortDay = (w: Wall) => `${MONTHS[w.mo - 1].slice(0, 3)} ${w.d}, ${w.y}`;

/** RFC 5322 date in the zone: "Sat, 21 Nov 2026 22:41:17 -0500". */
function mailDate(date: Date, timeZone: string): string {
  const w = wall(date, timeZone);
  const off = offsetMinutes(date, timeZone);
  const a = Math.abs(off);
  return `${WEEKDAYS[w.wd].slice(0, 3)}, ${w.d} ${MONTHS[w.mo - 1].slice(0, 3)} ${w.y} ${clock24(w)} ${off < 0 ? '-' : '+'}${p2(Math.floor(a / 60))}${p2(a % 60)}`;
}

/** 1:02:03 (or 01:02:03 with padded hours). */
function hms(sec: number, padHours = false): string {
  const h = Math.floor(sec / 3600);
  return `${padHours ? p2(h) : h}:${p2(Math.floor((sec % 3600) / 60))}:${p2(sec % 60)}`;
}

/** "1h 2m 3s", "42 min 5 sec", "42 minutes 5 seconds". */
function spelled(sec: number, units: [string, string, string]): string {
  const parts: string[] = [];
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  const join = units[0].length > 1 ? ' ' : '';
  const plural = (n: number, u: string) => (u.length > 3 && n !== 1 ? `${u}s` : u);
  if (h) parts.push(`${h}${join}${plural(h, units[0])}`);
  if (m || h) parts.push(`${m}${join}${plural(m, units[1])}`);
  parts.push(`${s}${join}${plural(s, units[2])}`);
  return parts.join(' ');
}
const shortDuration = (sec: number) => spelled(sec, ['h', 'm', 's']);
const minSecDuration = (sec: number) => spelled(sec, ['hr', 'min', 'sec']);
const longDuration = (sec: number) => spelled(sec, ['hour', 'minute', 'second']);

/** "61.5 GB", "812 MB", "0 B" (binary units, as the products print them). */
function size(bytes: number, sep = ' '): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 ? 0 : v < 10 ? 2 : v < 100 ? 1 : 0;
  return `${v.toFixed(digits)}${sep}${units[i]}`;
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

// ---------------------------------------------------------------------------------------------
// Companies and the estate
// ---------------------------------------------------------------------------------------------

interface Group {
  vendor: string;
  /** Job name; '{device}' and '{n}' (a five-digit job number) are filled in per device. */
  job: string;
  devices: string[];
  schedule: DemoSchedule;
  at: number;
}

interface CompanyPlan extends DemoCompany {
  groups: Group[];
}

const g = (vendor: string, job: string, schedule: DemoSchedule, at: number, devices: string[]): Group => ({
  vendor,
  job,
  devices,
  schedule,
  at,
});

const ESTATE: CompanyPlan[] = [
  {
    name: 'Northwind Dental',
    tag: 'northwind',
    domain: 'northwinddental.com',
    groups: [
      g('datto-bcdr', 'SIRIS-NORTHWIND', 'daily', 20, ['DC01', 'PMS-SQL01', 'IMAGING01', 'FS01']),
      g('veeam-m365', 'Exchange Online', 'daily', 2, ['northwinddental.onmicrosoft.com']),
      g('veeam-m365', 'OneDrive and SharePoint', 'daily', 3, ['northwinddental.onmicrosoft.com']),
      g('macrium', 'Daily System Image', 'weekdays', 12, [
        'FRONTDESK-01',
        'FRONTDESK-02',
        'OP1-PC',
        'OP2-PC',
        'OP3-PC',
        'XRAY-PC',
      ]),
    ],
  },
  {
    name: 'Harper & Cole LLP',
    tag: 'harpercole',
    domain: 'harpercolelaw.com',
    groups: [
      g('veeam-br', 'Nightly VMs', 'daily', 22, ['DC01', 'FS01', 'SQL01', 'DMS01', 'RDS01']),
      g('veeam-br', 'Offsite Copy', 'daily', 5, ['DC01', 'FS01', 'SQL01', 'DMS01']),
      g('veeam-agent', 'Laptop Backup', 'weekdays', 13, [
        'LAPTOP-JHARPER',
        'LAPTOP-MCOLE',
        'LAPTOP-PARALEGAL1',
        'LAPTOP-PARALEGAL2',
        'LAPTOP-RECEPTION',
      ]),
      g('veeam-m365', 'Exchange Online', 'daily', 1, ['harpercole.onmicrosoft.com']),
      g('veeam-m365', 'OneDrive', 'daily', 2, ['harpercole.onmicrosoft.com']),
      g('veeam-m365', 'SharePoint and Teams', 'daily', 3, ['harpercole.onmicrosoft.com']),
      g('synology-hyper-backup', 'Nightly-C2', 'daily', 1, ['DS1821-HARPER']),
      g('synology-hyper-backup', 'Weekly-USB', 'weekly-sunday', 9, ['DS1821-HARPER']),
    ],
  },
  {
    name: 'Bellweather Manufacturing',
    tag: 'bellweather',
    domain: 'bellweathermfg.com',
    groups: [
      g('backup-exec', '{device} Backup {n}-Incremental', 'daily', 21, ['DC01', 'ERP01', 'FS01', 'SQL01']),
      g('backup-exec', '{device} Backup {n}-Full', 'weekly-sunday', 8, ['ERP01', 'FS01']),
      g('windows-server-backup', 'Windows Server Backup', 'daily', 23, ['HV01', 'HV02', 'PLANT-HIST01', 'QC-APP01']),
      g('synology-hyper-backup', 'Offsite-Rsync', 'daily', 2, ['RS1221-BELLWEATHER']),
      g('synology-hyper-backup', 'Nightly-S3', 'daily', 3, ['RS1221-BELLWEATHER']),
    ],
  },
  {
    name: "St. Brendan's Academy",
    tag: 'stbrendans',
    domain: 'stbrendans.org',
    groups: [
      g('proxmox-vzdump', 'vzdump pve1.stbrendans.local', 'daily', 21, [
        'dc01',
        'sis-db01',
        'web01',
        'print01',
        'wsus01',
      ]),
      g('proxmox-vzdump', 'vzdump pve2.stbrendans.local', 'daily', 22, ['fileserver01', 'library-app', 'moodle01']),
      g('synology-active-backup', 'Staff-PCs', 'weekdays', 16, [
        'ADMIN-PC01',
        'ADMIN-PC02',
        'PRINCIPAL-PC',
        'BURSAR-PC',
        'LIBRARY-PC',
      ]),
      g('synology-active-backup', 'Servers-Daily', 'daily', 20, ['DC02', 'FS02']),
      g('veeam-m365', 'Staff Mailboxes', 'daily', 1, ['stbrendans.onmicrosoft.com']),
      g('veeam-m365', 'Staff OneDrive', 'daily', 2, ['stbrendans.onmicrosoft.com']),
    ],
  },
  {
    name: 'Lakeshore Family Medicine',
    tag: 'lakeshore',
    domain: 'lakeshorefamilymed.com',
    groups: [
      g('axcient', '{device}', 'daily', 21, ['DC01', 'EHR-SQL01', 'FS01', 'RDS01', 'FAX01']),
      g('acronis', 'Workstations - Daily', 'weekdays', 12, [
        'EXAM1-PC',
        'EXAM2-PC',
        'EXAM3-PC',
        'NURSE-STATION',
        'BILLING-PC1',
        'BILLING-PC2',
      ]),
      g('acronis', 'Servers - Cloud', 'daily', 23, ['EHR-SQL01', 'FS01']),
    ],
  },
  {
    name: 'Crestview Accounting',
    tag: 'crestview',
    domain: 'crestviewcpa.com',
    groups: [
      g('cove', 'Files and Folders', 'daily', 20, [
        'FS01',
        'TAX-APP01',
        'WKS-PARTNER1',
        'WKS-PARTNER2',
        'WKS-STAFF1',
        'WKS-STAFF2',
      ]),
      g('cove', 'System State', 'daily', 21, ['FS01', 'TAX-APP01']),
      g('cove', 'MS SQL', 'daily', 22, ['TAX-APP01']),
      g('msp360', 'Image to NAS', 'weekly-sunday', 6, ['FS01', 'TAX-APP01']),
      g('msp360', 'Files to Wasabi', 'daily', 1, ['FS01']),
    ],
  },
  {
    name: 'Granite Peak Engineering',
    tag: 'granitepeak',
    domain: 'granitepeakeng.com',
    groups: [
      g('nakivo', 'Daily VMware Backup', 'daily', 23, ['DC01', 'CAD-LIC01', 'PDM-SQL01', 'FS01', 'APP01']),
      g('nakivo', 'Offsite Copy to Wasabi', 'daily', 4, ['DC01', 'PDM-SQL01', 'FS01']),
      g('nakivo', 'SQL Replication to DR', 'daily', 12, ['PDM-SQL01']),
      g('veeam-agent', 'CAD Workstations', 'weekdays', 18, ['CAD-WS01', 'CAD-WS02', 'CAD-WS03', 'CAD-WS04']),
      g('synology-hyper-backup', 'Projects-C2', 'daily', 2, ['DS1621-GRANITE']),
    ],
  },
  {
    name: 'Maple Street Veterinary',
    tag: 'maplestreet',
    domain: 'maplestreetvet.com',
    groups: [
      g('altaro', 'Backup', 'daily', 20, ['DC01', 'VETPMS01', 'IMAGING01', 'FS01']),
      g('altaro', 'Offsite Copy', 'daily', 1, ['DC01', 'VETPMS01', 'FS01']),
      g('comet', 'Practice Data', 'weekdays', 19, ['RECEPTION-PC', 'SURGERY-PC', 'LAB-PC']),
      g('comet', 'Company Files', 'daily', 22, ['FS01']),
    ],
  },
  {
    name: 'Riverbend Logistics',
    tag: 'riverbend',
    domain: 'riverbendlogistics.com',
    groups: [
      g('unitrends', 'Nightly Servers', 'daily', 1, ['DC01', 'WMS-APP01', 'WMS-SQL01', 'FS01', 'EDI01']),
      g('unitrends', 'Weekly Fulls', 'weekly-sunday', 3, ['WMS-SQL01', 'FS01']),
      g('windows-server-backup', 'Windows Server Backup', 'daily', 22, ['DISPATCH01', 'YARD-CAM01']),
      g('shadowprotect', 'Daily C D', 'daily', 21, ['TMS01', 'TMS-SQL01', 'SCALEHOUSE01']),
    ],
  },
  {
    name: 'Oakridge Realty Group',
    tag: 'oakridge',
    domain: 'oakridgerealty.com',
    groups: [
      g('msp360', 'Files to Wasabi', 'daily', 21, ['FS01', 'AGENT-WS01', 'AGENT-WS02', 'AGENT-WS03', 'BROKER-LAPTOP']),
      g('msp360', 'Image to NAS', 'weekly-sunday', 5, ['FS01']),
      g('acronis', 'Servers - Nightly', 'daily', 23, ['DC01', 'FS01']),
      g('acronis', 'Laptops - Cloud', 'weekdays', 13, ['BROKER-LAPTOP', 'MKT-LAPTOP']),
    ],
  },
  {
    name: 'Summit Orthodontics',
    tag: 'summit',
    domain: 'summitortho.com',
    groups: [
      g('datto-bcdr', 'ALTO-SUMMIT', 'daily', 21, ['DC01', 'ORTHO-SQL01', 'IMAGING-PC', 'CEPH-PC']),
      g('cove', 'Files and Folders', 'daily', 22, ['FRONT-DESK1', 'FRONT-DESK2', 'TREATMENT-PC']),
      g('veeam-m365', 'Exchange Online', 'daily', 2, ['summitortho.onmicrosoft.com']),
    ],
  },
  {
    name: 'Tidewater Marine Supply',
    tag: 'tidewater',
    domain: 'tidewatermarine.com',
    groups: [
      g('veeam-br', 'Daily Backup', 'daily', 23, ['DC01', 'ERP01', 'FS01', 'POS-SQL01']),
      g('shadowprotect', 'Nightly Image', 'daily', 20, ['POS01', 'POS02']),
      g('comet', 'Accounting', 'daily', 21, ['ACCT-PC01']),
      g('macrium', 'Nightly Full Server', 'weekly-sunday', 2, ['ERP01']),
      g('macrium', 'Daily System Image', 'weekdays', 17, ['COUNTER-PC1', 'COUNTER-PC2', 'WAREHOUSE-PC']),
    ],
  },
];

/** The demo client companies (name, plus-tag code, mail domain). */
export const DEMO_COMPANIES: readonly DemoCompany[] = ESTATE.map(({ name, tag, domain }) => ({ name, tag, domain }));

function companyOf(name: string): DemoCompany {
  const known = DEMO_COMPANIES.find((c) => c.name === name);
  if (known) return known;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'client';
  return { name, tag: slug.slice(0, 12), domain: `${slug}.com` };
}

/**
 * A deterministic estate: twelve client companies, about 150 backups over every vendor of
 * DEMO_VENDORS. The companies, their products and machines are fixed; the seed decides which
 * backups are healthy (about three in four), flaky, warning-prone, failing or stopped, and how long
 * ago the stopped ones went quiet.
 */
export function planDemoEstate(seed: number): DemoBackup[] {
  const rng = mulberry32(seed);
  const backups: DemoBackup[] = [];
  let jobNumber = 0;
  for (const company of ESTATE) {
    for (const group of company.groups) {
      for (const device of group.devices) {
        const job = group.job
          .replace('{device}', device)
          .replace('{n}', String(++jobNumber + (hash(company.tag) % 40)).padStart(5, '0'));
        const id = demoIdentity({ vendor: group.vendor, device, job });
        backups.push({
          vendor: group.vendor,
          company: company.name,
          tag: company.tag,
          device: id.device,
          job: id.job,
          schedule: group.schedule,
          startHourLocal: group.at,
          profile: 'healthy',
        });
      }
    }
  }
  // Profiles: a shuffled order decides who gets which; the rest stay healthy.
  const order = backups.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const quotas: [DemoProfile, number][] = [
    ['stopped', 4],
    ['failing', 5],
    ['flaky', 15],
    ['warning-prone', 14],
  ];
  let k = 0;
  for (const [profile, count] of quotas) {
    for (let n = 0; n < count; n++) {
      const b = backups[order[k++]];
      b.profile = profile;
      if (profile === 'stopped') b.stoppedDaysAgo = intBetween(rng, 4, 30);
    }
  }
  return backups;
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

const ODDS: Record<DemoProfile, { fail: number; warn: number; failStreak: number; warnStreak: number; miss: number }> =
  {
    healthy: { fail: 0.01, warn: 0.025, failStreak: 2, warnStreak: 2, miss: 0.012 },
    stopped: { fail: 0.015, warn: 0.03, failStreak: 2, warnStreak: 2, miss: 0.015 },
    flaky: { fail: 0.09, warn: 0.06, failStreak: 3, warnStreak: 2, miss: 0.05 },
    'warning-prone': { fail: 0.015, warn: 0.28, failStreak: 1, warnStreak: 5, miss: 0.015 },
    failing: { fail: 0.04, warn: 0.04, failStreak: 3, warnStreak: 2, miss: 0.02 },
  };

const WORKSTATION = /PC|WS\d|WKS|LAPTOP|DESK|STATION/i;

/** Typical duration (seconds) and size (bytes) of one run, stable per backup. */
function baseline(b: Pick<DemoBackup, 'vendor' | 'device' | 'job' | 'schedule'>): { seconds: number; bytes: number } {
  const r = mulberry32(hash(`${b.vendor}|${b.device}|${b.job}`));
  const full = b.schedule === 'weekly-sunday' || /full|usb|image to nas/i.test(b.job);
  if (b.vendor === 'veeam-m365') return { seconds: intBetween(r, 900, 3600), bytes: between(r, 0.3, 4) * GB };
  if (WORKSTATION.test(b.device)) {
    return full
      ? { seconds: intBetween(r, 1800, 5400), bytes: between(r, 40, 160) * GB }
      : { seconds: intBetween(r, 240, 1500), bytes: between(r, 0.15, 3) * GB };
  }
  if (full) return { seconds: intBetween(r, 3600, 14400), bytes: between(r, 80, 600) * GB };
  if (/copy|offsite|c2|s3|wasabi|rsync|replication/i.test(b.job))
    return { seconds: intBetween(r, 600, 3600), bytes: between(r, 1, 25) * GB };
  return { seconds: intBetween(r, 420, 4800), bytes: between(r, 0.8, 40) * GB };
}

/** The minute past the hour a backup starts (jobs of one group start together). */
function startMinute(b: Pick<DemoBackup, 'vendor' | 'job' | 'company'>): number {
  return [0, 0, 0, 0, 15, 30, 30, 45][hash(`${b.company}|${b.vendor}|${b.job}`) % 8];
}

function scheduled(day: string, schedule: DemoSchedule): boolean {
  const wd = weekdayOf(day);
  if (schedule === 'weekdays') return wd >= 1 && wd <= 5;
  if (schedule === 'weekly-sunday') return wd === 0;
  return true;
}

/**
 * The runs of a backup over `days` ('YYYY-MM-DD' local days, oldest first) in its schedule: the
 * odd missed e-mail, durations and sizes around the backup's own baseline, warnings and failures
 * in streaks with one cause repeated, 'failing' backups failing every run of their last days, and
 * 'stopped' backups silent for their last `stoppedDaysAgo` days. Runs of the last day may end in
 * the future; callers sending e-mails "now" should skip those.
 */
export function demoRuns(backup: DemoBackup, days: string[], rng: () => number, timeZone: string): DemoRun[] {
  const runs: DemoRun[] = [];
  const odds = ODDS[backup.profile];
  const base = baseline(backup);
  const minute = startMinute(backup);
  const spec = specOf(backup.vendor);
  const quietFrom =
    backup.profile === 'stopped' ? days.length - Math.max(1, backup.stoppedDaysAgo ?? 10) : Number.POSITIVE_INFINITY;
  const brokenFrom = backup.profile === 'failing' ? days.length - intBetween(rng, 3, 12) : Number.POSITIVE_INFINITY;
  const brokenText = pickMessage(rng, spec.failures, backup.device);
  let streak = 0;
  let streakStatus: DemoStatus = 'Success';
  let streakText = '';

  days.forEach((day, i) => {
    if (i >= quietFrom || !scheduled(day, backup.schedule)) return;
    if (i < brokenFrom && rng() < odds.miss) return; // the e-mail never came

    let status: DemoStatus = 'Success';
    let text = '';
    if (i >= brokenFrom) {
      status = 'Failure';
      text = brokenText;
    } else if (streak > 0) {
      streak--;
      status = streakStatus;
      text = streakText;
    } else {
      const r = rng();
      if (r < odds.fail) {
        status = 'Failure';
        streak = intBetween(rng, 1, odds.failStreak) - 1;
        text = pickMessage(rng, spec.failures, backup.device);
      } else if (r < odds.fail + odds.warn) {
        status = 'Warning';
        streak = intBetween(rng, 1, odds.warnStreak) - 1;
        text = pickMessage(rng, spec.warnings, backup.device);
      }
      streakStatus = status;
      streakText = text;
    }

    const start = zonedInstant(
      day,
      backup.startHourLocal,
      minute + intBetween(rng, 0, 1),
      intBetween(rng, 1, 59),
      timeZone,
    );
    let seconds = Math.round(base.seconds * between(rng, 0.75, 1.35));
    let bytes = Math.round(base.bytes * between(rng, 0.55, 1.6));
    if (status === 'Warning') seconds = Math.round(seconds * between(rng, 1, 1.4));
    if (status === 'Failure') {
      // Most failures end fast (nothing reachable); some die late in the transfer.
      seconds = rng() < 0.6 ? intBetween(rng, 20, 300) : Math.round(seconds * between(rng, 0.3, 1));
      bytes = 0;
    }
    const run: DemoRun = {
      vendor: backup.vendor,
      company: backup.company,
      device: backup.device,
      job: backup.job,
      status,
      start,
      end: new Date(start.getTime() + Math.max(15, seconds) * 1000),
      sizeBytes: bytes,
    };
    if (status !== 'Success') run.failureText = text;
    runs.push(run);
  });
  return runs;
}

function pickMessage(rng: () => number, list: readonly string[], device: string): string {
  return choose(rng, list).replace(/\{device\}/g, device);
}

// ---------------------------------------------------------------------------------------------
// MIME
// ---------------------------------------------------------------------------------------------

/** Quoted-printable (RFC 2045) with CRLF line ends and soft breaks before 76 characters. */
function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bytes = Buffer.from(line, 'utf8');
    let cur = '';
    bytes.forEach((b, i) => {
      const last = i === bytes.length - 1;
      const plain = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
      const token = plain ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
      if (cur.length + token.length > 75) {
        out.push(`${cur}=`);
        cur = '';
      }
      cur += token;
    });
    out.push(cur);
  }
  return out.join('\r\n');
}

/** A header value, RFC 2047-encoded when it is not plain ASCII. */
function headerText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch) > 42) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(' ');
}

/** Folds a header line at spaces so that lines stay under 78 characters where possible. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 78) {
    const at = rest.lastIndexOf(' ', 77);
    if (at <= 0 || at < rest.indexOf(':') + 2) break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  out.push(rest);
  return out.join('\r\n');
}

function mailbox(name: string, address: string): string {
  const display = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : headerText(name);
  return `${display} <${address}>`;
}

interface Mail {
  fromName: string;
  fromAddress: string;
  subject: string;
  text?: string;
  html?: string;
  headers?: [string, string][];
}

function assemble(mail: Mail, opts: { to: string; messageId: string; date: string }, seed: number): Buffer {
  const id = opts.messageId.trim().replace(/^<|>$/g, '');
  const head = [
    `From: ${mailbox(mail.fromName, mail.fromAddress)}`,
    `To: ${opts.to}`,
    fold(`Subject: ${headerText(mail.subject)}`),
    `Date: ${opts.date}`,
    `Message-ID: <${id}>`,
    ...(mail.headers ?? []).map(([k, v]) => fold(`${k}: ${headerText(v)}`)),
    'MIME-Version: 1.0',
  ];
  const part = (type: string) => [
    `Content-Type: ${type}; charset="utf-8"`,
    'Content-Transfer-Encoding: quoted-printable',
  ];
  let body: string;
  if (mail.text !== undefined && mail.html !== undefined) {
    const boundary = `----=_Part_${seed.toString(16).padStart(8, '0')}_${hash(id).toString(16)}`;
    head.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`);
    body = [
      'This is a multi-part message in MIME format.',
      '',
      `--${boundary}`,
      ...part('text/plain'),
      '',
      quotedPrintable(mail.text),
      `--${boundary}`,
      ...part('text/html'),
      '',
      quotedPrintable(mail.html),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  } else {
    const html = mail.html !== undefined;
    head.push(...part(html ? 'text/html' : 'text/plain'));
    body = `${quotedPrintable((html ? mail.html : mail.text) ?? '')}\r\n`;
  }
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}

// ---------------------------------------------------------------------------------------------
// HTML pieces
// ---------------------------------------------------------------------------------------------

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Label/value rows of a notification card ("Device:" | "FS01"). */
function kvTable(rows: [string, string][], colon = true): string {
  const td = 'style="padding:3px 12px 3px 0;color:#555;white-space:nowrap;vertical-align:top;"';
  return [
    '<table cellpadding="0" cellspacing="0">',
    ...rows.map(
      ([k, v]) => `<tr><td ${td}>${esc(k)}${colon ? ':' : ''}</td><td style="padding:3px 0;">${esc(v)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
}

const kvText = (rows: [string, string][]) => rows.map(([k, v]) => `${k}: ${v}`).join('\n');

/** A bordered data table with a header row. */
function grid(head: string[], rows: string[][]): string {
  const cell = 'padding:5px 8px;border:1px solid #d5dae1;text-align:left;';
  return [
    '<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin-top:10px;">',
    `<tr>${head.map((h) => `<th style="${cell}background:#eef1f5;">${esc(h)}</th>`).join('')}</tr>`,
    ...rows.map((r) => `<tr>${r.map((c) => `<td style="${cell}">${esc(c)}</td>`).join('')}</tr>`),
    '</table>',
  ].join('\n');
}

function page(body: string, font = 'Segoe UI,Arial,sans-serif'): string {
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"></head>',
    `<body style="font-family:${font};font-size:13px;color:#222;">`,
    body,
    '</body></html>',
  ].join('\n');
}

const COLORS: Record<DemoStatus, string> = { Success: '#2e9e44', Warning: '#f0a020', Failure: '#d64541' };

function banner(product: string, title: string, status: DemoStatus, background = '#1b2a41'): string {
  return [
    `<div style="background:${background};color:#fff;padding:12px 16px;font-size:15px;">${esc(product)}</div>`,
    `<div style="border-left:6px solid ${COLORS[status]};padding:10px 16px;margin:12px 0;font-size:17px;font-weight:bold;">${esc(title)}</div>`,
  ].join('\n');
}

function footer(text: string): string {
  return `<p style="color:#888;font-size:11px;margin-top:20px;">${esc(text)}</p>`;
}

// ---------------------------------------------------------------------------------------------
// Vendors
// ---------------------------------------------------------------------------------------------

interface Ctx {
  run: DemoRun;
  device: string;
  job: string;
  status: DemoStatus;
  /** The run's failure text, or the vendor's usual one; '' on success. */
  problem: string;
  /** Local wall clock of start and end in the rendering zone, and in UTC. */
  s: Wall;
  e: Wall;
  su: Wall;
  eu: Wall;
  seconds: number;
  bytes: number;
  org: DemoCompany;
  tz: string;
  /** Deterministic per-message randomness (serials, counters, cosmetic figures). */
  rnd: () => number;
}

interface VendorSpec {
  identity(device: string, job: string): { device: string; job: string };
  render(c: Ctx): Mail;
  warnings: readonly string[];
  failures: readonly string[];
}

const same = (device: string, job: string) => ({ device, job });
const noSpaces = (s: string) => s.replace(/\s+/g, '-');
const word3 = (s: DemoStatus, ok: string, warn: string, fail: string) =>
  s === 'Success' ? ok : s === 'Warning' ? warn : fail;
const upperTag = (c: Ctx) => c.org.tag.toUpperCase();
const hex = (rnd: () => number, n: number) =>
  Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(rnd() * 16)]).join('');
const ipOf = (c: Ctx, name: string) =>
  `10.${10 + (hash(c.org.tag) % 40)}.${10 + (hash(name) % 20)}.${10 + (hash(name) % 200)}`;

// --- Veeam (Backup & Replication, Agent, Microsoft 365): the shared HTML job report ----------------

const VEEAM_TD = 'padding: 2px 3px;vertical-align: top;border: 1px solid #a7a9ac;font-family: Tahoma;font-size: 12px;';
const VEEAM_COLORS: Record<DemoStatus, string> = { Success: '#00B050', Warning: '#ffd96c', Failure: '#fb9895' };

function veeamReport(o: {
  title: string;
  description: string;
  status: DemoStatus;
  processed: string;
  session: string;
  counts: [number, number, number];
  summary: [string, string][][];
  jobMessage?: string;
  columns: string[];
  rows: string[][];
  footer: string;
}): string {
  const color = VEEAM_COLORS[o.status];
  const head = `border: none;background-color: ${color};color: White;font-weight: bold;font-size: 16px;height: 70px;vertical-align: bottom;padding: 0 0 17px 15px;font-family: Tahoma;`;
  const band = `colspan="${o.columns.length}" style="height: 35px;background-color: #f3f4f4;font-size: 16px;vertical-align: middle;padding: 5px 0 0 15px;color: #626365;font-family: Tahoma;border: 1px solid #a7a9ac;"`;
  const td = (v: string, bold = false) =>
    `<td style="${VEEAM_TD}" nowrap="nowrap">${bold ? `<b>${esc(v)}</b>` : esc(v)}</td>`;
  const countLabels = ['Success', 'Warning', 'Error'];
  const summaryRows = o.summary.map((pairs, i) => {
    const cells = [
      td(countLabels[i], true),
      td(String(o.counts[i])),
      ...pairs.flatMap(([k, v]) => [td(k, true), td(v)]),
    ];
    const pad = o.columns.length - 2 - pairs.length * 2;
    if (i === 0 && pad > 0) cells.push(`<td rowspan="3" colspan="${pad}" style="${VEEAM_TD}">&nbsp;</td>`);
    return `<tr style="height: 17px;">${cells.join('')}</tr>`;
  });
  const objectRows = o.rows.map((r) => {
    const cells = r.map((v, i) => {
      const name = o.columns[i];
      if (name === 'Status')
        return `<td style="${VEEAM_TD}" nowrap="nowrap"><span style="color: ${VEEAM_COLORS[statusOfWord(v)]};">${esc(v)}</span></td>`;
      if (name === 'Details')
        return `<td style="${VEEAM_TD}"><span class="small_label" style="font-size: 10px;">${esc(v)}</span></td>`;
      return td(v);
    });
    return `<tr style="height: 17px;">${cells.join('')}</tr>`;
  });
  return [
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css">body { margin: 0; } .small_label { font-size: 10px; }</style></head>',
    '<body>',
    '<table cellspacing="0" cellpadding="0" width="100%" border="0" style="border-collapse: collapse;">',
    '<tr><td style="border: none; padding: 0px;font-family: Tahoma;font-size: 12px;">',
    '<table cellspacing="0" cellpadding="0" width="100%" border="0" style="border-collapse: collapse;">',
    '<tr style="height:70px">',
    `<td style="width: 80%;${head}">${esc(o.title)}<div class="jobDescription" style="margin-top: 5px;font-size: 12px;">${esc(o.description)}</div></td>`,
    `<td style="${head}">${esc(word3(o.status, 'Success', 'Warning', 'Failed'))}<div class="jobDescription" style="margin-top: 5px;font-size: 12px;">${esc(o.processed)}</div></td>`,
    '</tr>',
    '<tr><td colspan="2" style="border: none; padding: 0px;font-family: Tahoma;font-size: 12px;">',
    '<table class="inner" cellspacing="0" cellpadding="0" width="100%" border="0" style="margin: 0px;border-collapse: collapse;">',
    `<tr style="height: 17px;"><td ${band} class="sessionDetails"><span>${esc(o.session)}</span></td></tr>`,
    ...(o.jobMessage ? [`<tr style="height: 17px;"><td ${band}>${esc(o.jobMessage)}</td></tr>`] : []),
    ...summaryRows,
    `<tr style="height: 17px;"><td ${band} nowrap="nowrap">Details</td></tr>`,
    `<tr class="processObjectsHeader" style="height: 23px">${o.columns.map((h) => `<td style="background-color: #e3e3e3;${VEEAM_TD}border-top: none;" nowrap="nowrap"><b>${esc(h)}</b></td>`).join('')}</tr>`,
    ...objectRows,
    '</table>',
    '</td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
    `<br><div style="color: #626365; font-family: Tahoma;font-size: 12px;">${esc(o.footer)}</div>`,
    '</body></html>',
  ].join('\n');
}

function statusOfWord(word: string): DemoStatus {
  return /fail|error/i.test(word) ? 'Failure' : /warn|partial/i.test(word) ? 'Warning' : 'Success';
}

function veeamSubject(c: Ctx, middle: string): string {
  const issue = c.status === 'Warning' ? ' 1 warning' : c.status === 'Failure' ? ' 1 error' : '';
  return `[${word3(c.status, 'Success', 'Warning', 'Failed')}] ${middle}${issue}`;
}

const veeamCounts = (s: DemoStatus): [number, number, number] =>
  s === 'Success' ? [1, 0, 0] : s === 'Warning' ? [0, 1, 0] : [0, 0, 1];

function veeamMachineReport(c: Ctx, o: { title: string; description: string; unit: string; footer: string }): string {
  const total = c.bytes * between(c.rnd, 6, 30) + 60 * GB;
  const read = c.bytes * between(c.rnd, 1.3, 2.2);
  const word = word3(c.status, 'Success', 'Warning', 'Failed');
  return veeamReport({
    title: o.title,
    description: o.description,
    status: c.status,
    processed: `1 of 1 ${o.unit} processed`,
    session: `${longDay(c.s)} ${clock12(c.s)}`,
    counts: veeamCounts(c.status),
    summary: [
      [
        ['Start time', clock12(c.s)],
        ['Total size', size(total)],
        ['Backup size', size(c.bytes)],
      ],
      [
        ['End time', clock12(c.e)],
        ['Data read', size(read)],
        ['Dedupe', `${between(c.rnd, 1, 1.8).toFixed(1)}x`],
      ],
      [
        ['Duration', hms(c.seconds)],
        ['Transferred', size(c.bytes)],
        ['Compression', `${between(c.rnd, 1.4, 2.4).toFixed(1)}x`],
      ],
    ],
    columns: ['Name', 'Status', 'Start time', 'End time', 'Size', 'Read', 'Transferred', 'Duration', 'Details'],
    rows: [
      [c.device, word, clock12(c.s), clock12(c.e), size(total), size(read), size(c.bytes), hms(c.seconds), c.problem],
    ],
    footer: o.footer,
  });
}

const veeamBr: VendorSpec = {
  identity: same,
  render(c) {
    const copy = /copy|offsite/i.test(c.job);
    return {
      fromName: 'Veeam Backup',
      fromAddress: `veeam@${c.org.domain}`,
      subject: veeamSubject(c, `${c.job} (1 object)`),
      html: veeamMachineReport(c, {
        title: `${copy ? 'Backup Copy' : 'Backup'} job: ${c.job}`,
        description: copy
          ? 'Copies restore points to the offsite repository'
          : 'Image-level backup of the virtual machines',
        unit: 'VM',
        footer: 'Veeam Backup & Replication 12.3.1.1139',
      }),
    };
  },
  warnings: [
    'Failed to truncate Microsoft SQL Server transaction logs. Details: Database [Reporting] is in use by another process.',
    'Changed block tracking is disabled for disk [Hard disk 2], processing may be slower.',
    'Unable to connect to guest OS of {device} over RPC; a crash-consistent restore point was created instead.',
    'Snapshot consolidation is needed for {device}: the VM still runs on delta disks from an earlier snapshot.',
  ],
  failures: [
    'Error: Failed to create VM snapshot. The operation has timed out waiting for the host to respond.',
    'Error: Not enough free space on the backup repository [Repo-NAS01] (11.2 GB left, 84.6 GB required).',
    'Error: Failed to connect to the backup proxy: the RPC server is unavailable.',
    'Error: Cannot access the backup repository: the network path was not found.',
  ],
};

const veeamAgent: VendorSpec = {
  identity: same,
  render(c) {
    return {
      fromName: `${c.device} Backup`,
      fromAddress: `${c.device.toLowerCase()}@${c.org.domain}`,
      subject: veeamSubject(c, `${c.job} (${c.device})`),
      html: veeamMachineReport(c, {
        title: `Agent Backup job: ${c.job}`,
        description: 'Veeam Agent for Microsoft Windows',
        unit: 'computer',
        footer: 'Veeam Agent for Microsoft Windows 6.3.0.177',
      }),
    };
  },
  warnings: [
    'Some files were skipped because they are locked by another process (3 files).',
    'Backup target is almost full: 7% of free space left on the destination volume.',
    'Unable to truncate Microsoft SQL Server transaction logs: database [LocalDB] is in use.',
  ],
  failures: [
    'Error: Failed to create volume snapshot: the shadow copy provider had an unexpected error (0x8004230F).',
    'Error: The backup repository is unavailable: the network name cannot be found.',
    'Error: Backup target USB drive is not connected.',
    'Error: The computer entered sleep mode during backup; the session was interrupted.',
  ],
};

const M365_PEOPLE = [
  'Megan Ortiz',
  'Daniel Reyes',
  'Priya Natarajan',
  'Tom Becker',
  'Grace Liu',
  'Samuel Okafor',
  'Front Desk',
  'Billing',
];

const veeamM365: VendorSpec = {
  identity: same,
  render(c) {
    const org = c.device;
    const kind = /onedrive/i.test(c.job) ? 'OneDrive' : /sharepoint|teams/i.test(c.job) ? 'Site' : 'Mailbox';
    const start = clock24(c.s);
    const names = [0, 1, 2].map((i) => M365_PEOPLE[(hash(c.org.tag) + i * 3) % M365_PEOPLE.length]);
    const failed = c.status === 'Failure';
    const shares = [0.45, 0.2, 0.35];
    const rows = failed
      ? []
      : names.map((n, i) => [
          kind === 'Site' ? `/sites/${n.replace(/\s+/g, '')}` : n,
          kind,
          i === 1 && c.status === 'Warning' ? 'Warning' : 'Success',
          start,
          clock24(c.e),
          hms(Math.round(c.seconds * (i === 2 ? 1 : 0.6))),
          size(c.bytes * shares[i]),
          i === 1 && c.status === 'Warning' ? c.problem : '',
        ]);
    return {
      fromName: 'Veeam Backup for Microsoft 365',
      fromAddress: `vb365@${c.org.domain}`,
      subject: veeamSubject(c, `${org} - ${c.job} (${rows.length} objects)`),
      html: veeamReport({
        title: `Backup job: ${c.job}`,
        description: `Organization: ${org}`,
        status: c.status,
        processed: `${rows.length} of 3 objects processed`,
        session: `${WEEKDAYS[c.s.wd]}, ${c.s.d} ${MONTHS[c.s.mo - 1]} ${c.s.y} ${start}`,
        counts: failed ? [0, 0, 1] : c.status === 'Warning' ? [2, 1, 0] : [3, 0, 0],
        jobMessage: failed ? c.problem : undefined,
        summary: [
          [
            ['Start time', start],
            ['Organization', org],
          ],
          [
            ['End time', clock24(c.e)],
            ['Transferred', size(c.bytes)],
          ],
          [
            ['Duration', hms(c.seconds)],
            ['Processing rate', `${(c.bytes / MB / Math.max(1, c.seconds)).toFixed(1)} MB/s`],
          ],
        ],
        columns: ['Name', 'Type', 'Status', 'Start time', 'End time', 'Duration', 'Transferred', 'Details'],
        rows,
        footer: 'Veeam Backup for Microsoft 365 8.1.0.305',
      }),
    };
  },
  warnings: [
    '14 items were skipped because they exceed the maximum supported item size.',
    'The item is locked for editing and was skipped; it will be retried in the next session.',
    'Microsoft 365 throttled the requests; some items will be processed in the next session.',
  ],
  failures: [
    'Failed to connect to the organization: the application certificate has expired.',
    'Access token request failed: AADSTS7000222 the provided client secret keys are expired.',
    'Backup repository is out of free space (2.1 GB left).',
  ],
};

// --- Datto SIRIS / ALTO ---------------------------------------------------------------------

const dattoBcdr: VendorSpec = {
  identity: (device, job) => ({ device, job: job || device }),
  render(c) {
    const event = `Backup ${word3(c.status, 'Success', 'Warning', 'Failure')}`;
    const rows: [string, string][] = [
      ['Event', event],
      ['Organization', c.org.name],
      ['Device', c.job],
      ['Serial Number', hex(mulberry32(hash(c.job)), 12)],
      ['Protected Machine', `${c.device} (${ipOf(c, c.device)})`],
      ['Backup Type', 'Incremental'],
      ['Backup Started', `${usDay(c.s)} ${clock12(c.s)}`],
      ['Backup Ended', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Status', word3(c.status, 'Success', 'Warning', 'Failed')],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    const closing =
      c.status === 'Failure'
        ? 'The next backup will be attempted at the next scheduled interval.'
        : 'A new recovery point is available on the device.';
    const text = `${event}\n\n${kvText(rows)}\n\n${closing}\n\n-- \nThis alert was sent by your Datto device.\n`;
    const html = page(
      [
        `<div style="background:#1e2b3c;color:#fff;padding:16px;font-size:18px;">Datto</div>`,
        `<div style="background:${COLORS[c.status]};color:#fff;padding:12px 16px;font-size:18px;">${esc(event)}</div>`,
        kvTable(rows),
        `<p>${esc(closing)}</p>`,
        footer(
          'This alert was sent by your Datto device. Change which alerts you receive in the Datto Partner Portal.',
        ),
      ].join('\n'),
      'Arial,Helvetica,sans-serif',
    );
    return {
      fromName: 'Datto Alerts',
      fromAddress: 'noreply@dattobackup.com',
      subject: `${c.job}: ${event} for ${c.device}`,
      text,
      html,
    };
  },
  warnings: [
    'Backup completed from a crash-consistent snapshot: VSS writer "SqlServerWriter" failed.',
    'Volume E: was skipped because it is offline.',
    'Local verification found file system inconsistencies on volume D:.',
  ],
  failures: [
    'Unable to create a VSS snapshot of volume C: (VSS_E_UNEXPECTED_PROVIDER_ERROR)',
    'The agent on the protected machine could not be reached (connection timed out).',
    'Backup failed: not enough free space in the device storage pool.',
    'The ShadowSnap service on the protected machine stopped responding during the transfer.',
  ],
};

// --- Axcient x360Recover ---------------------------------------------------------------------

const axcient: VendorSpec = {
  identity: (device) => ({ device, job: device }),
  render(c) {
    const phrase = word3(c.status, 'Backup succeeded', 'Backup completed with warnings', 'Backup failed');
    const d2c = hash(c.device) % 3 === 0;
    const rows: [string, string][] = [
      ['Client', c.org.name],
      ['Client ID', String(1000 + (hash(c.org.tag) % 9000))],
      ['Protected system', c.device],
      ['Protection type', d2c ? 'Direct-to-Cloud (D2C)' : `Appliance (BDR-${upperTag(c)}-01)`],
      ['Job', 'Backup'],
      ['Status', word3(c.status, 'Succeeded', 'Completed with warnings', 'Failed')],
      ['Started', `${isoLocal(c.su)} UTC`],
      ['Finished', `${isoLocal(c.eu)} UTC`],
      ['Duration', shortDuration(c.seconds)],
      ['Data transferred', size(c.bytes)],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    return {
      fromName: 'x360Recover',
      fromAddress: 'noreply@axcient.net',
      subject: `[x360Recover] ${phrase} - ${c.device} (${c.org.name})`,
      html: page(
        [
          banner('Axcient x360Recover', phrase, c.status),
          kvTable(rows),
          footer('Axcient x360Recover - manage notification settings in x360Portal.'),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'Volume E: was excluded because it is a removable disk',
    'Backup used a crash-consistent snapshot because the VSS writer "SqlServerWriter" failed',
  ],
  failures: [
    'Unable to connect to the agent on the protected system (timed out after 300 seconds)',
    'Snapshot creation failed: VSS_E_INSUFFICIENT_STORAGE on volume C:',
    'The appliance storage pool is full; the backup could not be written',
  ],
};

// --- Acronis Cyber Protect Cloud ------------------------------------------------------------------

const acronis: VendorSpec = {
  identity: same,
  render(c) {
    const kind = word3(c.status, 'Backup succeeded', 'Backup succeeded with warnings', 'Backup failed');
    const cloud = /cloud|laptop|workstation/i.test(c.job);
    const rows: [string, string][] = [
      ['Device', c.device],
      ['Plan', c.job],
      ['Customer', c.org.name],
      ['Backup location', cloud ? 'Cloud storage (us5-cloud.acronis.com)' : 'Network folder (\\\\nas01\\acronis)'],
      ['Started', `${shortDay(c.s)}, ${clock12(c.s)}`],
      ['Finished', `${shortDay(c.e)}, ${clock12(c.e)}`],
      ['Backed up', size(c.bytes)],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    return {
      fromName: 'Acronis Cyber Protect Cloud',
      fromAddress: 'noreply@cloud.acronis.com',
      subject: `${kind}: ${c.device}`,
      html: page(
        [
          banner('Acronis Cyber Protect Cloud', kind, c.status),
          kvTable(rows),
          footer(
            'This message was sent by Acronis Cyber Protect Cloud. To change notification settings, go to the management portal.',
          ),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'Failed to back up 3 files: access is denied (C:\\Users\\Public\\Documents\\locked.pst).',
    'The VSS writer "SqlServerWriter" did not respond; the database was backed up without application consistency.',
    'Retention rules could not delete 2 outdated backups.',
  ],
  failures: [
    'Activity "Backing up" failed: The backup storage is not available. The connection timed out.',
    'Activity "Backing up" failed: Failed to create a volume snapshot (0x80042308).',
    'The machine was offline at the scheduled time; the backup did not run to completion.',
  ],
};

// --- N-able Cove Data Protection -------------------------------------------------------------

const cove: VendorSpec = {
  identity: same,
  render(c) {
    const word = word3(c.status, 'Completed', 'Completed with errors', 'Failed');
    const account = `${c.org.tag}-${c.device.toLowerCase()}`;
    const selected = c.bytes * between(c.rnd, 20, 90) + 20 * GB;
    const sessions = grid(
      [
        'Data source',
        'Session type',
        'Status',
        'Start time',
        'End time',
        'Duration',
        'Selected size',
        'Processed size',
        'Sent size',
        'Errors',
      ],
      [
        [
          c.job,
          'Backup',
          word,
          `${usDay(c.s)} ${clock24(c.s)}`,
          `${usDay(c.e)} ${clock24(c.e)}`,
          hms(c.seconds),
          size(selected),
          size(c.bytes * between(c.rnd, 2.5, 4)),
          size(c.bytes),
          c.status === 'Success' ? '0' : '1',
        ],
      ],
    );
    const errors =
      c.status === 'Success'
        ? ''
        : `<h4 style="margin:16px 0 4px;">Errors</h4>\n${grid(
            ['Data source', 'Item', 'Error'],
            [[c.job, c.status === 'Warning' ? 'D:\\Shares\\Office\\Accounts.xlsx' : '', c.problem]],
          )}`;
    return {
      fromName: 'Cove Data Protection',
      fromAddress: 'noreply@backup.management',
      subject: `Backup status: ${c.device} (${account}) - ${word}`,
      html: page(
        [
          banner('Cove Data Protection', word, c.status),
          kvTable([
            ['Device', account],
            ['Computer name', c.device],
            ['Customer', c.org.name],
            ['Profile', WORKSTATION.test(c.device) ? 'Workstations - Documents' : 'Servers - Standard'],
          ]),
          sessions,
          errors,
          footer(
            'Cove Data Protection - this report was generated by the Backup Manager on the device. Manage e-mail reports in the Management Console.',
          ),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'The process cannot access the file because it is being used by another process',
    'Access is denied',
    'The file name is too long to be processed',
  ],
  failures: [
    'Backup session aborted: the storage node could not be reached',
    'Failed to create a VSS snapshot (0x80042306)',
    'The Backup Manager could not connect to the cloud storage (timeout)',
  ],
};

// --- MSP360 Managed Backup ----------------------------------------------------------------

const msp360: VendorSpec = {
  identity: (device, job) => ({ device: noSpaces(device), job }),
  render(c) {
    const cloud = /wasabi|cloud|azure|s3|b2/i.test(c.job);
    const image = /image/i.test(c.job);
    const phrase = word3(c.status, 'completed successfully', 'completed with warnings', 'failed');
    const rows: [string, string][] = [
      ['Company', c.org.name],
      ['User', `${c.org.tag}-${c.device.toLowerCase()}`],
      ['Computer', c.device],
      ['Plan name', c.job],
      ['Plan type', image ? 'Image-based backup' : 'File-level backup'],
      ['Storage', cloud ? `Wasabi (${c.org.tag}-backups/${c.device.toLowerCase()})` : 'Local NAS \\\\nas01\\backups'],
      ['Status', word3(c.status, 'Success', 'Warning', 'Failed')],
      ['Start time', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End time', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Duration', hms(c.seconds, true)],
      ['Uploaded size', size(c.bytes)],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    const title = `Backup plan ${phrase}`;
    const note =
      'MSP360 Managed Backup. You receive this notification because notifications are enabled for this backup plan.';
    return {
      fromName: 'MSP360 Managed Backup',
      fromAddress: 'noreply@mspbackups.com',
      subject: `Backup plan "${c.job}" on ${c.device} ${phrase}`,
      text: `${title}\n\n${kvText(rows)}\n\n${note}\n`,
      html: page([banner('MSP360 Managed Backup', title, c.status), kvTable(rows), footer(note)].join('\n')),
    };
  },
  warnings: [
    'Volume shadow copy for volume D: could not be created; the volume was backed up without VSS',
    '2 files were skipped because access is denied',
  ],
  failures: [
    'The specified bucket does not exist (404)',
    'Storage account authentication failed: the access key is not valid',
    'The backup plan was interrupted because the computer went to sleep',
  ],
};

// --- Synology Hyper Backup and Active Backup for Business ----------------------------------------

const synologyHyperBackup: VendorSpec = {
  identity: (device, job) => ({ device: noSpaces(device), job }),
  render(c) {
    const verb = word3(c.status, 'has completed', 'was partially completed', 'has failed');
    const destination = /c2/i.test(c.job)
      ? 'Synology C2 Storage (us-001.c2.synology.com)'
      : /usb/i.test(c.job)
        ? 'USB Share (usbshare1)'
        : /s3|wasabi/i.test(c.job)
          ? 'S3 Storage (s3.wasabisys.com)'
          : `Remote NAS device (backup.${c.org.domain}:6281)`;
    const lines = [
      'Dear user,',
      '',
      `Hyper Backup task ${c.job} on ${c.device} ${verb}.`,
      '',
      `Task name: ${c.job}`,
      `Backup destination: ${destination}`,
      `Start time: ${isoLocal(c.s)}`,
      `End time: ${isoLocal(c.e)}`,
    ];
    if (c.status !== 'Failure') {
      lines.push(`Duration: ${longDuration(c.seconds)}`, `Transferred data size: ${size(c.bytes)}`);
    }
    if (c.status === 'Success') lines.push(`Backup version: ${isoLocal(c.s)}`);
    if (c.status === 'Warning') lines.push(`Details: ${c.problem}`);
    if (c.status === 'Failure') lines.push(`Failure reason: ${c.problem}`);
    lines.push('', `From ${c.device}`, '');
    return {
      fromName: c.device,
      fromAddress: `nas-alerts@${c.org.domain}`,
      subject: `[${c.device}] Hyper Backup task ${c.job} ${verb}`,
      text: lines.join('\n'),
    };
  },
  warnings: [
    '17 files were skipped because they could not be read.',
    'Some files were skipped because their names contain characters the destination does not support.',
  ],
  failures: [
    'The backup destination is offline or cannot be reached. Please check the network connection.',
    'There is not enough free space on the backup destination.',
    'Authentication to the destination failed. Please sign in again in Hyper Backup.',
  ],
};

const synologyActiveBackup: VendorSpec = {
  identity: same,
  render(c) {
    const nas = `DS1621-${upperTag(c)}`;
    const verb = word3(c.status, 'has completed', 'has completed with warnings', 'has failed');
    const type = WORKSTATION.test(c.device) ? 'PC' : 'Physical Server';
    const row = [
      c.device,
      word3(c.status, 'Successful', 'Partially completed', 'Failed'),
      isoLocal(c.s),
      isoLocal(c.e),
      size(c.bytes),
      c.problem,
    ];
    return {
      fromName: nas,
      fromAddress: `nas-alerts@${c.org.domain}`,
      subject: `[${nas}] Active Backup for Business - Backup task ${c.job} ${verb}`,
      html: page(
        [
          '<div style="font-size:16px;font-weight:bold;color:#0086e5;">Active Backup for Business</div>',
          '<p>Dear user,</p>',
          `<p>Backup task ${esc(c.job)} on ${esc(nas)} ${verb}.</p>`,
          `<p>Task name: ${esc(c.job)}<br>\nTask type: ${type}</p>`,
          grid(['Device', 'Status', 'Start time', 'End time', 'Transferred', 'Details'], [row]),
          `<p>From ${esc(nas)}</p>`,
        ].join('\n'),
        'Verdana,sans-serif',
      ),
    };
  },
  warnings: [
    'Some files could not be backed up because they were in use (12 files)',
    'Changed block tracking is unavailable; all data was read',
  ],
  failures: [
    'Failed to create a snapshot (VSS error 0x8004230F)',
    'The device is offline or the Active Backup agent is not connected',
    'The backup destination does not have enough free space',
  ],
};

// --- Windows Server Backup (the common "backup report" PowerShell script) -------------------------

const windowsServerBackup: VendorSpec = {
  identity: (device) => ({ device: noSpaces(device), job: 'Windows Server Backup' }),
  render(c) {
    const result = word3(c.status, 'Successful', 'Completed with warnings', 'Failed');
    const split = [0.3, 0.6, 0.1];
    const volumes = ['C:', 'D:', 'System State'].map((v, i) => [
      v,
      c.status === 'Failure' ? 'Failed' : 'Completed',
      c.status === 'Failure' ? '0 Bytes' : `${((c.bytes * split[i]) / GB).toFixed(2)} GB`,
    ]);
    const fraction = String(Math.floor(c.rnd() * 1e7)).padStart(7, '0');
    const summary: [string, string][] = [
      ['Todays date', isoLocal(c.e).slice(0, 16)],
      [
        'Last Successful Backup',
        isoLocal(c.status === 'Success' ? c.e : wall(new Date(c.run.end.getTime() - 86400000), c.tz)).slice(0, 16),
      ],
      ['Start time last backup', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End time last backup', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Duration last backup', `${hms(c.seconds, true)}.${fraction}`],
      ['Backup Result', result],
      ['Error Message (if applicable)', c.problem],
    ];
    const subject = word3(
      c.status,
      `Successful Backup on ${c.device}`,
      `Backup with warnings on ${c.device}`,
      `Failed Backup on ${c.device}`,
    );
    return {
      fromName: `${c.org.name} Backup`,
      fromAddress: `${c.device.toLowerCase()}@${c.org.domain}`,
      subject,
      html: [
        '<!DOCTYPE html>',
        '<html>',
        `<head><title>${esc(c.org.name)} Backup Report for ${esc(c.device)}</title>`,
        '<style>body { font-family: Verdana, Geneva, Arial, sans-serif; font-size: 12px } td, th { padding: 0 20px 0 0; text-align: left; }</style></head>',
        '<body>',
        `<h3>${esc(c.org.name)} Backup Report for ${esc(c.device)}</h3>`,
        '<table id="summary"><tbody>',
        ...summary.map(([k, v]) => `<tr><td>${esc(k)}:</td><td>${esc(v)}</td></tr>`),
        '</tbody></table>',
        '<table id="items">',
        '<tr><th>Name</th><th>Status</th><th>Size</th></tr>',
        ...volumes.map((r) => `<tr>${r.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`),
        '</table>',
        '</body>',
        '</html>',
      ].join('\n'),
      headers: [['X-Mailer', 'Microsoft PowerShell Send-MailMessage']],
    };
  },
  warnings: [
    'The backup completed, but some files were skipped because they could not be read. Review the backup log for details.',
    'One of the volumes in the backup set is not available; it was left out of this backup.',
  ],
  failures: [
    'Windows Backup encountered an error when accessing the remote shared folder. The backup storage location could not be accessed.',
    'There is not enough disk space to create the volume shadow copy on the storage location.',
    'The backup target disk was not found. Make sure the disk is connected and online.',
  ],
};

// --- Macrium Reflect ------------------------------------------------------------------------

const macrium: VendorSpec = {
  identity: (device, job) => ({ device, job: job.replace(/[\\/:*?"<>|]+/g, '-') }),
  render(c) {
    const image = !/file|document/i.test(c.job);
    const imageId = hex(c.rnd, 16);
    const word = word3(c.status, 'Success', 'Warning', 'Failure');
    const headline = word3(c.status, 'Backup Successful', 'Backup completed with warnings', 'Backup Failed');
    const definition = `C:\\Users\\svc-backup\\Documents\\Reflect\\${c.job}.xml`;
    const ended = `${usDay(c.e)} ${clock24(c.e)}`;
    const problem = c.status === 'Success' ? '' : c.problem;
    const logProblem =
      c.status === 'Failure' && !/^Backup aborted/i.test(problem)
        ? `Backup aborted! - ${problem}`
        : c.status === 'Warning' && !/^(Warning|Error|Unable)\b/i.test(problem)
          ? `Warning - ${problem}`
          : problem;
    const log = [
      `Image ID - ${imageId}`,
      `Backup Definition File: ${definition}`,
      'Auto Verify:           N',
      'Compression:           Medium',
      'Operation 1 of 2',
      'Hard Disk:             1',
      'Drive Letter:          C',
      'File System:           NTFS',
      'Creating Volume Snapshot - Please Wait',
      'Saving Partition - Windows (C:)',
      ...(c.status === 'Failure' ? [logProblem] : []),
      ...(c.status === 'Warning' ? [logProblem] : []),
      'Gathering Windows Events - Please Wait',
      ...(c.status === 'Success' ? [`Backup Completed Successfully - ${ended}`] : []),
      ...(c.status === 'Warning' ? [`Backup completed with warnings - ${ended}`] : []),
    ];
    const rows: [string, string][] = [
      ['Computer', c.device],
      ['Backup Definition File', definition],
      ['Backup Type', image ? 'Image - Incremental' : 'File and Folder - Differential'],
      ['Destination', `\\\\nas01\\Reflect\\${c.device}\\`],
      ['Image ID', imageId],
      ['Start Time', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End Time', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Total Duration', hms(c.seconds, true)],
      ['Backup Size', size(c.bytes)],
    ];
    return {
      fromName: 'Macrium Reflect',
      fromAddress: `reflect@${c.org.domain}`,
      subject: `Macrium Reflect - ${word} - ${c.device} - ${c.job}`,
      html: [
        '<html>',
        '<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Macrium Reflect</title></head>',
        '<body style="font-family: Segoe UI, Arial, sans-serif; font-size: 10pt;">',
        `<table width="100%" cellpadding="6" style="background:#1d3557;color:#ffffff"><tr><td><b>Macrium Reflect</b></td><td align="right">${esc(headline)}</td></tr></table>`,
        `<p>${esc(headline)}.</p>`,
        '<table cellpadding="3" style="border-collapse:collapse">',
        ...rows.map(([k, v]) => `<tr><td><b>${esc(k)}:</b></td><td>${esc(v)}</td></tr>`),
        '</table>',
        '<p><b>Log excerpt</b></p>',
        `<pre style="font-family: Consolas, monospace; font-size: 9pt;">\n${log.map(esc).join('\n')}\n</pre>`,
        `<p style="color:#888888;font-size:8pt">This e-mail was sent by Macrium Reflect on ${esc(c.device)}.</p>`,
        '</body>',
        '</html>',
      ].join('\n'),
    };
  },
  warnings: [
    "Warning - Unable to open file 'D:\\Data\\Practice\\practice.mdb' - The process cannot access the file because it is being used by another process.",
    'Warning - Volume D: has bad sectors; 4 clusters could not be read and were skipped.',
  ],
  failures: [
    'Backup aborted! - Write operation failed - The specified network name is no longer available.',
    'Backup aborted! - Destination is full - There is not enough space on the disk.',
    'Backup aborted! - Unable to create a VSS snapshot - error 0x8004230F.',
  ],
};

// --- Veritas Backup Exec ----------------------------------------------------------------------

const backupExec: VendorSpec = {
  identity: (_device, job) => ({ device: /^(\S+?)\s+Backup\b/i.exec(job)?.[1] ?? '', job }),
  render(c) {
    const server = `BE0${1 + (hash(c.org.tag) % 2)}`;
    const alert = word3(c.status, 'Job Success', 'Job Completed with Exceptions', 'Job Failed');
    const when = (w: Wall) => `${longDay(w)} at ${clock12(w)}`;
    const logNo = String(1000 + Math.floor(c.rnd() * 8999)).padStart(5, '0');
    const lines = [
      `${alert} -- ${word3(
        c.status,
        'The job completed successfully.',
        'The job completed successfully.  However, the following conditions were encountered:',
        `The job failed with the following error: ${c.problem.replace(/^0x[0-9a-f]+ - /i, '')}`,
      )}`,
      '',
      `Job server: ${server}`,
      `Job name: ${c.job}`,
      `Job started: ${when(c.s)}`,
      'Job type: Backup',
      `Job Log: C:\\Program Files\\Veritas\\Backup Exec\\Data\\BEX_${server}_${logNo}.xml`,
      '',
      'Job Completion Status',
      `Job ended: ${when(c.e)}`,
      `Completed status: ${word3(c.status, 'Successful', 'Succeeded with exceptions', 'Failed')}`,
    ];
    if (c.status === 'Failure') lines.push(`Final error: ${c.problem}`, 'Final error category: Resource Errors');
    else lines.push(`Byte count: ${c.bytes.toLocaleString('en-US')} bytes`, `Elapsed time: ${hms(c.seconds, true)}`);
    if (c.status === 'Warning') {
      lines.push(
        '',
        'Exceptions',
        c.problem,
        '',
        'For additional information regarding these exceptions refer to the job log.',
      );
    }
    lines.push('');
    return {
      fromName: 'Backup Exec',
      fromAddress: `backupexec@${c.org.domain}`,
      subject: `Backup Exec Alert: ${alert} (Server: "${server}") (Job: "${c.job}")`,
      text: lines.join('\n'),
    };
  },
  warnings: [
    'V-79-57344-65225 - AOFO: Initialization failure on: "System?State". Advanced Open File Option used: Microsoft Volume Shadow Copy Service (VSS).',
    'The item \\\\{device}\\D:\\Profiles\\NTUSER.DAT in use - skipped.',
  ],
  failures: [
    '0xe00084af - The directory or file was not found, or could not be accessed.',
    '0xe000fe30 - A communications failure has occurred with the remote agent.',
    '0xe0008443 - The backup storage device is full.',
  ],
};

// --- StorageCraft ShadowProtect SPX ----------------------------------------------------------------

const shadowprotect: VendorSpec = {
  identity: same,
  render(c) {
    const result = word3(c.status, 'Succeeded', 'Completed with warnings', 'Failed');
    const lines = [
      'StorageCraft ShadowProtect SPX notification',
      '',
      `Machine: ${c.device}`,
      `Job Name: ${c.job}`,
      'Job Type: Backup',
      'Backup Type: Incremental',
      `Result: ${result}`,
      'Volumes: C:\\, D:\\',
      `Destination: \\\\nas01\\spx\\${c.device} (Network share)`,
      `Start Time: ${usDay(c.s)} ${clock12(c.s)}`,
      `End Time: ${usDay(c.e)} ${clock12(c.e)}`,
      `Duration: ${hms(c.seconds, true)}`,
      `Data Written: ${size(c.bytes)}`,
      `Message: ${c.status === 'Success' ? 'The backup job completed successfully.' : c.problem}`,
      '',
    ];
    return {
      fromName: 'ShadowProtect SPX',
      fromAddress: `spx@${c.org.domain}`,
      subject: `ShadowProtect SPX - ${c.device} - Job "${c.job}" - ${result}`,
      text: lines.join('\n'),
    };
  },
  warnings: [
    'warning.vss.writer.failed - The SqlServerWriter VSS writer reported a retryable error; the volume was backed up crash-consistent.',
    'warning.destination.lowspace - The destination has less than 10% free space left.',
  ],
  failures: [
    'error.destination.inaccessible - The destination could not be reached (The network path was not found).',
    'error.snapshot.failed - Unable to create a snapshot of volume C:\\ (VSS error 0x80042306).',
  ],
};

// --- NAKIVO Backup & Replication ------------------------------------------------------------------

const nakivo: VendorSpec = {
  identity: same,
  render(c) {
    const type = /replica/i.test(c.job)
      ? 'Replication (VMware vSphere)'
      : /copy/i.test(c.job)
        ? 'Backup copy'
        : 'Backup (VMware vSphere)';
    const target = /wasabi|cloud|s3/i.test(c.job)
      ? 'Wasabi copy (s3.us-east-1.wasabisys.com)'
      : /replica/i.test(c.job)
        ? 'DR site ESXi host (esx-dr01)'
        : `Onboard repository (director.${c.org.tag}.local)`;
    const statusWord = word3(c.status, 'Successful', 'Warning', 'Failed');
    const when = (w: Wall) => `${shortDay(w)} at ${clock12(w)}`;
    const rows: [string, string][] = [
      ['Job name', c.job],
      ['Job type', type],
      ['Status', statusWord],
      ['Started', when(c.s)],
      ['Finished', when(c.e)],
      ['Duration', minSecDuration(c.seconds)],
      ['Data transferred', size(c.bytes)],
      ['Target', target],
    ];
    const speed = `${(c.bytes / MB / Math.max(1, c.seconds)).toFixed(1)} MB/s`;
    const color = c.status === 'Success' ? '#2e9b4f' : c.status === 'Warning' ? '#e6a100' : '#d64541';
    return {
      fromName: 'NAKIVO Backup & Replication',
      fromAddress: `nakivo@${c.org.domain}`,
      subject: `Job "${c.job}" completed: ${statusWord}`,
      html: page(
        [
          `<div style="background:${color};color:#fff;padding:10px 14px;font-size:16px">Job "${esc(c.job)}" completed: ${statusWord}</div>`,
          '<h3>Job report</h3>',
          kvTable(rows),
          '<h3>VMs</h3>',
          grid(
            ['VM', 'Status', 'Data transferred', 'Speed', 'Duration', 'Message'],
            [[c.device, statusWord, size(c.bytes), speed, minSecDuration(c.seconds), c.problem]],
          ),
          footer(`This report was generated by NAKIVO Backup & Replication v11.0 on director.${c.org.tag}.local.`),
        ].join('\n'),
        'Roboto,Arial,sans-serif',
      ),
    };
  },
  warnings: [
    'Application-aware mode failed: VSS writer SqlServerWriter is in a failed state. A crash-consistent backup was created.',
    'Change tracking is disabled for the VM; all disks were read in full.',
  ],
  failures: [
    'The VM snapshot could not be created: the operation timed out.',
    'The backup repository is inaccessible: not enough free space.',
    'The Transporter assigned to the source host is unavailable.',
  ],
};

// --- Altaro / Hornetsecurity VM Backup --------------------------------------------------------

const altaro: VendorSpec = {
  identity: (device, job) => ({ device, job: /offsite/i.test(job) ? 'Offsite Copy' : 'Backup' }),
  render(c) {
    const offsite = c.job === 'Offsite Copy';
    const word = word3(c.status, 'Successful', 'Completed with Warnings', 'Failed');
    const rows: [string, string][] = [
      ['Virtual Machine', c.device],
      ['Host', `HV01.${c.org.tag}.local`],
      ['Operation', c.job],
      ['Result', word3(c.status, 'Successful', 'Completed with warnings', 'Failed')],
      ['Start Time', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End Time', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Duration', hms(c.seconds, true)],
      offsite
        ? ['Offsite Location', `Altaro Offsite Server - aos.${c.org.tag}-dr.net:35107`]
        : ['Backup Location', 'E:\\AltaroBackups (Physical Drive - 8TB)'],
      ['Transferred', size(c.bytes)],
      ['Details', c.status === 'Success' ? `${c.job} completed successfully.` : c.problem],
    ];
    const headline = `${c.job} of ${c.device} ${word3(c.status, 'completed successfully', 'completed with warnings', 'failed')}`;
    return {
      fromName: 'Altaro VM Backup',
      fromAddress: `altaro@${c.org.domain}`,
      subject: `Altaro VM Backup - ${c.job} ${word} - ${c.device}`,
      html: page(
        [
          '<table width="640" cellpadding="0" cellspacing="0"><tr><td style="background:#0a6ebd;color:#fff;padding:12px;font-size:18px">Altaro VM Backup</td></tr>',
          `<tr><td style="padding:12px;font-size:15px;color:${COLORS[c.status]}"><b>${esc(headline)}</b></td></tr></table>`,
          kvTable(rows),
          footer(
            'You are receiving this e-mail because notifications are enabled in the Altaro VM Backup Management Console.',
          ),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'Application consistent backup failed; a crash-consistent backup was taken instead (VSS writer SqlServerWriter timed out).',
    'The virtual machine has a checkpoint older than 7 days; consider merging it.',
  ],
  failures: [
    'Connection to the Altaro Offsite Server was lost during the operation (error 10054: An existing connection was forcibly closed by the remote host).',
    'The backup location E:\\AltaroBackups is not accessible. Make sure the drive is connected.',
    'Failed to take a checkpoint of the virtual machine (0x80070490).',
  ],
};

// --- Proxmox VE vzdump ----------------------------------------------------------------------

const proxmoxHost = (job: string) => noSpaces(job.replace(/^\s*vzdump\s+/i, '').trim()) || 'pve1';

const proxmoxVzdump: VendorSpec = {
  identity: (device, job) => ({ device: noSpaces(device), job: `vzdump ${proxmoxHost(job)}` }),
  render(c) {
    const host = proxmoxHost(c.job);
    const vmid = String(100 + (hash(`${host}|${c.device}`) % 100));
    const lxc = hash(c.device) % 4 === 0;
    const kind = lxc ? 'lxc' : 'qemu';
    const failed = c.status === 'Failure';
    const stamp = (w: Wall) => `${w.y}_${p2(w.mo)}_${p2(w.d)}-${p2(w.h)}_${p2(w.mi)}_${p2(w.s)}`;
    const file = `/mnt/pve/nas-backup/dump/vzdump-${kind}-${vmid}-${stamp(c.s)}.${lxc ? 'tar' : 'vma'}.zst`;
    const sizeText = failed ? '0.00MB' : size(c.bytes, '');
    const row = `${vmid.padEnd(10)} ${c.device.padEnd(20)} ${(failed ? 'err' : 'ok').padEnd(8)} ${hms(c.seconds, true).padStart(9)} ${sizeText.padStart(10)}  ${failed ? '-' : file}`;
    const at = (w: Wall, level: string, msg: string) => `${vmid}: ${isoLocal(w)} ${level}: ${msg}`;
    const log = [
      at(c.s, 'INFO', `Starting Backup of VM ${vmid} (${kind})`),
      at(c.s, 'INFO', 'status = running'),
      at(c.s, 'INFO', `${lxc ? 'CT' : 'VM'} Name: ${c.device}`),
      ...(c.status === 'Warning' ? [at(c.s, 'WARN', c.problem)] : []),
      at(c.s, 'INFO', 'backup mode: snapshot'),
      at(c.s, 'INFO', 'ionice priority: 7'),
      at(c.s, 'INFO', `creating vzdump archive '${file}'`),
      ...(failed
        ? [
            at(c.e, 'ERROR', c.problem),
            at(c.e, 'INFO', 'aborting backup job'),
            at(c.e, 'ERROR', `Backup of VM ${vmid} failed - ${c.problem}`),
          ]
        : [
            at(c.e, 'INFO', `archive file size: ${size(c.bytes, '')}`),
            at(c.e, 'INFO', `Finished Backup of VM ${vmid} (${hms(c.seconds, true)})`),
          ]),
    ];
    const command = `vzdump ${vmid} --mode snapshot --compress zstd --storage nas-backup --mailto backups@${c.org.domain} --mailnotification always --quiet 1`;
    const head = 'VMID       NAME                 STATUS       TIME       SIZE  FILENAME';
    const text = [head, row, '', 'Detailed backup logs:', '', command, '', ...log, '', ''].join('\n');
    const html = [
      '<html><body>',
      '<table border=1 cellpadding=3>',
      '<tr><td>VMID<td>NAME<td>STATUS<td>TIME<td>SIZE<td>FILENAME</tr>',
      `<tr><td>${vmid}<td>${esc(c.device)}<td>${failed ? '<font color=red>FAILED' : 'OK'}<td>${hms(c.seconds, true)}<td align=right>${sizeText}<td>${failed ? esc(c.problem) : esc(file)}</tr>`,
      '</table><br><br>',
      'Detailed backup logs:<br /><br />',
      `<pre>\n${esc(command)}\n\n${log.map(esc).join('\n')}\n</pre>`,
      '</body></html>',
    ].join('\n');
    return {
      fromName: 'vzdump backup tool',
      fromAddress: `root@${host}`,
      subject: `vzdump backup status (${host}) : backup ${failed ? 'failed' : 'successful'}`,
      text,
      html,
    };
  },
  warnings: [
    "skipping guest-agent 'fs-freeze', agent configured but not running?",
    'no efidisk configured! Using temporary efivars disk.',
  ],
  failures: [
    'job failed with err -5 - Input/output error',
    "storage 'nas-backup' is not online",
    "can't acquire lock '/var/run/vzdump.lock' - got timeout",
  ],
};

// --- Unitrends --------------------------------------------------------------------------------

const unitrends: VendorSpec = {
  identity: same,
  render(c) {
    const appliance = `UB-0${1 + (hash(c.org.tag) % 3)}`;
    const word = word3(c.status, 'Successful', 'Warning', 'Failed');
    const full = /full|weekly/i.test(c.job);
    return {
      fromName: `Unitrends Backup ${appliance}`,
      fromAddress: `${appliance.toLowerCase()}@${c.org.domain}`,
      subject: `${appliance}: Backup Job '${c.job}' - ${word}`,
      html: page(
        [
          '<h2 style="color:#00539b">Unitrends Backup - Job Report</h2>',
          kvTable([
            ['Appliance', appliance],
            ['Job Name', c.job],
            ['Job Type', 'Backup'],
            ['Result', word],
          ]),
          '<br>',
          grid(
            ['Asset', 'Instance', 'Backup Type', 'Status', 'Start Time', 'Elapsed', 'Size', 'Message'],
            [
              [
                c.device,
                'File-level',
                full ? 'Full' : 'Incremental',
                word,
                `${usDay(c.s)} ${clock24(c.s)}`,
                hms(c.seconds, true),
                size(c.bytes),
                c.problem,
              ],
            ],
          ),
          footer('Unitrends Backup 10.8.2 - log in to the appliance UI for job details.'),
        ].join('\n'),
        'Arial,Helvetica,sans-serif',
      ),
    };
  },
  warnings: [
    'Backup completed with warnings: 3 items were skipped because they were in use.',
    'Backup completed with warnings: the change journal was reset, a full scan was performed.',
  ],
  failures: [
    'Unable to connect to the Unitrends agent on {device} (port 1743): connection refused.',
    'The backup failed: insufficient space on the appliance backup storage.',
    'The backup failed: the agent reported a snapshot error (VSS 0x80042306).',
  ],
};

// --- Comet Backup -------------------------------------------------------------------------------

const comet: VendorSpec = {
  identity: same,
  render(c) {
    const word = word3(c.status, 'Success', 'Warning', 'Error');
    const local = hash(`${c.device}|${c.job}`) % 3 === 0;
    const at = (w: Wall) => isoLocal(w);
    const log = [
      `${at(c.s)} I Starting backup job`,
      `${at(c.s)} I Taking VSS snapshot of C:\\`,
      ...(c.status === 'Warning' ? [`${at(c.e)} W ${c.problem}`] : []),
      ...(c.status === 'Failure' ? [`${at(c.e)} E ${c.problem}`] : []),
      `${at(c.e)} I ${word3(c.status, 'Backup job completed', 'Backup job completed with 1 warning', 'Backup job failed')}`,
    ];
    // Comet's "Size" is the data the job protected (what the parser reports); "Uploaded" is the new part of it.
    const uploaded = c.bytes * between(c.rnd, 0.03, 0.12);
    const rows: [string, string][] = [
      ['Username', c.org.tag],
      ['Device', c.device],
      ['Protected Item', c.job],
      ['Storage Vault', local ? 'Local USB (E:\\CometVault)' : 'Comet Storage powered by Wasabi (us-east-1)'],
      ['Type', 'Backup'],
      ['Status', word],
      ['Start time', at(c.s)],
      ['End time', at(c.e)],
      ['Duration', shortDuration(c.seconds)],
      ['Files', (Math.floor(c.bytes / (2.3 * MB)) || 1).toLocaleString('en-US')],
      ['Size', size(c.bytes)],
      ['Uploaded', size(uploaded)],
      ['Downloaded', size(uploaded / 40)],
    ];
    return {
      fromName: 'Comet Backup',
      fromAddress: `backup-reports@${c.org.domain}`,
      subject: `Job Report: ${word} - ${c.device} - ${c.job}`,
      html: page(
        [
          '<div style="max-width:640px;margin:0 auto;background:#fff;padding:20px">',
          '<h2 style="margin-top:0">Job Report</h2>',
          `<p style="font-size:16px;color:${COLORS[c.status]}"><b>${word}</b></p>`,
          kvTable(rows, false),
          '<h3>Job log</h3>',
          `<pre style="font-size:12px;background:#fafafa;padding:8px">${log.map(esc).join('\n')}</pre>`,
          footer('This is an automated message from Comet Backup.'),
          '</div>',
        ].join('\n'),
        'Helvetica,Arial,sans-serif',
      ),
    };
  },
  warnings: [
    "Couldn't read file 'C:\\Data\\Outlook\\archive.pst': The process cannot access the file because it is being used by another process.",
    "Couldn't read file 'C:\\Data\\db\\practice.ldf': Access is denied.",
  ],
  failures: [
    "Couldn't connect to the Storage Vault: 403 Forbidden",
    'Storage Vault quota exceeded; no more data can be uploaded',
    'Failed to take VSS snapshot: 0x8004230F',
  ],
};

const SPECS: Record<string, VendorSpec> = {
  'veeam-br': veeamBr,
  'veeam-agent': veeamAgent,
  'veeam-m365': veeamM365,
  'datto-bcdr': dattoBcdr,
  acronis,
  cove,
  msp360,
  'synology-hyper-backup': synologyHyperBackup,
  'synology-active-backup': synologyActiveBackup,
  'windows-server-backup': windowsServerBackup,
  macrium,
  'backup-exec': backupExec,
  shadowprotect,
  nakivo,
  altaro,
  'proxmox-vzdump': proxmoxVzdump,
  axcient,
  comet,
  unitrends,
};

function specOf(vendor: string): VendorSpec {
  const spec = SPECS[vendor];
  if (!spec) throw new Error(`No demo e-mail format for vendor "${vendor}"`);
  return spec;
}

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What the parser will report as vendor, device and job for this backup, so callers can match backups. */
export function demoIdentity(run: Pick<DemoRun, 'vendor' | 'device' | 'job'>): {
  vendor: string;
  device: string;
  job: string;
} {
  return { vendor: run.vendor, ...specOf(run.vendor).identity(tidy(run.device), tidy(run.job)) };
}

/**
 * The notification e-mail of one run: a complete RFC 5322 message with CRLF line ends, From a
 * plausible sender of that product, To `opts.to`, Date = the run's end, and a body in the layout
 * the vendor's parser reads.
 */
export function renderDemoMail(run: DemoRun, opts: { to: string; messageId: string; timeZone?: string }): Buffer {
  const spec = specOf(run.vendor);
  const tz = opts.timeZone ?? 'UTC';
  const id = demoIdentity(run);
  const seed = hash(`${run.vendor}|${id.device}|${id.job}|${run.start.toISOString()}|${run.status}`);
  const seconds = Math.max(0, Math.round((run.end.getTime() - run.start.getTime()) / 1000));
  const fallbackBytes = run.status === 'Failure' ? 0 : Math.round(baseline({ ...id, schedule: 'daily' }).bytes);
  const problem =
    run.status === 'Success'
      ? ''
      : tidy(run.failureText ?? '') ||
        (run.status === 'Warning' ? spec.warnings : spec.failures)[0].replace(/\{device\}/g, id.device);
  const ctx: Ctx = {
    run,
    device: id.device,
    job: id.job,
    status: run.status,
    problem,
    s: wall(run.start, tz),
    e: wall(run.end, tz),
    su: wall(run.start, 'UTC'),
    eu: wall(run.end, 'UTC'),
    seconds,
    bytes: Math.max(0, Math.round(run.sizeBytes ?? fallbackBytes)),
    org: companyOf(run.company),
    tz,
    rnd: mulberry32(seed),
  };
  const mail = spec.render(ctx);
  return assemble(mail, { to: opts.to, messageId: opts.messageId, date: mailDate(run.end, tz) }, seed);
}
