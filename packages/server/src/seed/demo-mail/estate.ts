import { ESTATE } from './data/companies.ts';
import { demoIdentity } from './formats.ts';
import { hash, intBetween, mulberry32 } from './random.ts';
import type { DemoBackup, DemoCompany, DemoProfile } from './types.ts';

/** The demo client companies (name, plus-tag code, mail domain). */
export const DEMO_COMPANIES: readonly DemoCompany[] = ESTATE.map(({ name, tag, domain }) => ({ name, tag, domain }));

export function companyOf(name: string): DemoCompany {
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
