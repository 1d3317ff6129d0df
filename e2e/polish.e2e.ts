import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiHeaders, docShot, ensureTenantAdminMfaOff, expectShell, signIn, switchTheme } from './support.ts';

/**
 * Small things a new user notices: each report listed once, whole column headers, aligned
 * cells, the Failure column on a 1440 px screen, a status page that knows a schedule exists, a
 * shared dashboard whose tiles fit, and an empty chart that says so.
 */
const ADMIN = 'admin@demo.local';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The column headers of a grid whose text is cut (wider than its cell). */
async function cutHeaders(grid: Locator): Promise<string[]> {
  await expect(grid.locator('[role="columnheader"]').first()).toBeVisible();
  return grid
    .locator('[role="columnheader"] .vg-hlabel')
    .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''));
}

/** The vertical centre of an element on the page. */
async function middle(el: Locator): Promise<number> {
  const box = await el.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height / 2;
}

/** Tiles whose title or body is cut: text taller than the space it has. */
async function cutTiles(page: Page): Promise<string[]> {
  return page.locator('[data-tile-id] > section').evaluateAll((sections) =>
    sections
      .filter((s) => {
        const title = s.querySelector('h2');
        const body = s.lastElementChild as HTMLElement | null;
        const cut = (e: Element | null) => !!e && e.scrollHeight > e.clientHeight + 1;
        return cut(title) || cut(body);
      })
      .map((s) => s.getAttribute('aria-label') ?? ''),
  );
}

test.describe.serial('polish', () => {
  test.beforeEach(async ({ request }) => {
    await ensureTenantAdminMfaOff(request, ADMIN);
  });

  test('reports, ticket grids, Daily Activity and the system status read cleanly at 1440 px and on a phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN);
    await expectShell(page);
    const headers = await apiHeaders(request, ADMIN);

    // Reporting: the chosen report is named once, in its card; the panel holds its filters.
    await page.goto('/app/reporting/on-demand?report=InactiveAndRetired');
    await expect(page.getByRole('region', { name: 'Inactive and Retired Backups filters' })).toBeVisible();
    await expect(page.getByText('Inactive and Retired Backups', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Filters', level: 2 })).toBeVisible();
    await docShot(page, 'polish-reporting');

    // Ticket Profiles: every header reads whole.
    await page.goto('/app/ticketing/profiles');
    // The one-time Ticket Profiles announcement comes first for this user.
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (
      await gotIt
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false)
    ) {
      await gotIt.click();
      await expect(page.getByRole('dialog', { name: 'Ticket Profiles' })).toBeHidden();
    }
    const profiles = page.getByRole('grid', { name: 'Ticket profiles' });
    await expect(profiles.getByRole('row').nth(1)).toBeVisible();
    expect(await cutHeaders(profiles)).toEqual([]);
    // …and the row's Edit and Delete buttons fit beside them.
    const profilesBox = (await profiles.boundingBox())!;
    const deleteBox = (await profiles
      .getByRole('button', { name: /^Delete: / })
      .first()
      .boundingBox())!;
    expect(deleteBox.x + deleteBox.width).toBeLessThanOrEqual(profilesBox.x + profilesBox.width);
    await docShot(page, 'polish-ticket-profiles');

    // Ticket Issues: whole headers, and an e-mail ticket's "Email" sits on the row's line.
    await page.goto('/app/ticketing/issues?state=All');
    const issues = page.getByRole('grid', { name: 'Ticket issues' });
    const email = issues.locator('[data-column-id="external"]').getByText('Email', { exact: true }).first();
    await expect(email).toBeVisible({ timeout: 30_000 });
    expect(await cutHeaders(issues)).toEqual([]);
    const row = email.locator('xpath=ancestor::*[@role="row"][1]');
    const subject = row.locator('[data-column-id="subject"] span').first();
    expect(Math.abs((await middle(email)) - (await middle(subject)))).toBeLessThanOrEqual(2);
    await docShot(page, 'polish-ticket-issues');

    // Daily Activity: Time through Failure fit the screen without scrolling sideways.
    await page.goto('/app/daily-activity');
    const daily = page.getByRole('grid', { name: 'Results of the day' });
    const failure = daily.locator('[role="columnheader"][data-column-id="failure"]');
    await expect(failure).toBeVisible();
    const gridBox = (await daily.boundingBox())!;
    const failureBox = (await failure.boundingBox())!;
    expect(failureBox.x + failureBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
    expect(await cutHeaders(daily)).toEqual([]);
    await docShot(page, 'polish-daily-activity');

    // System status: with a schedule that has not run yet, nobody is asked to schedule one.
    const created = await request.post('/api/reports/scheduled', {
      headers,
      data: {
        Name: 'Polish weekly inventory',
        ReportType: 'BackupInventory',
        Format: 4,
        Weekdays: 127,
        Hour: 7,
        Recipients: ['noc@demo.local'],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const scheduleId = (await created.json()).Id as number;
    try {
      await page.goto('/app/settings/status');
      const reports = page.getByTestId('status-scheduled-reports');
      await expect(reports).toContainText('enabled schedule');
      await expect(reports).not.toContainText('Schedule one');
      await expect(reports).toContainText(
        /the first one goes out at its scheduled time|Scheduled reports are going out|did not go out/,
      );
      await docShot(page, 'polish-system-status');
    } finally {
      await request.delete(`/api/reports/scheduled/${scheduleId}`, { headers });
    }

    // A phone: the Ticket Issues and Reporting screens.
    await page.setViewportSize(PHONE);
    await page.goto('/app/ticketing/issues?state=All');
    await expect(page.getByText('Email', { exact: true }).first()).toBeVisible();
    await docShot(page, 'polish-ticket-issues-phone');
    await page.goto('/app/reporting/on-demand');
    await expect(page.getByText('Inactive and Retired Backups', { exact: true })).toHaveCount(1);
    await docShot(page, 'polish-reporting-phone');
  });

  test('a shared dashboard fills the screen, its tiles fit, and an empty chart says "No data"', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const headers = await apiHeaders(request, ADMIN);
    const list: { id: number; name: string }[] = await (await request.get('/api/dashboard', { headers })).json();
    const noc = list.find((d) => d.name === 'NOC overview');
    expect(noc, 'the demo dashboard').toBeTruthy();
    const share = await (await request.post(`/api/dashboard/${noc!.id}/share`, { headers })).json();

    // An empty chart: nothing was Pending yesterday.
    const probe = await (
      await request.post('/api/dashboard', { headers, data: { name: `Empty charts ${Date.now().toString(36)}` } })
    ).json();
    const tile = await request.post(`/api/dashboard/${probe.id}/tile`, {
      headers,
      data: {
        title: 'Pending yesterday',
        type: 'Bar',
        barChartGroupBy: 0,
        filters: { DateRange: { Preset: 'yesterday' }, Status: [5] },
      },
    });
    expect(tile.ok(), await tile.text()).toBe(true);
    const emptyShare = await (await request.post(`/api/dashboard/${probe.id}/share`, { headers })).json();

    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/dashboard-share?token=${encodeURIComponent(share.token)}`);
      await expect(page.getByRole('heading', { name: 'NOC overview', level: 1 })).toBeVisible();
      const tiles = page.locator('[data-tile-id]');
      await expect(tiles.first().locator('section')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Not updating' })).toBeVisible();
      await page.waitForTimeout(500);
      expect(await cutTiles(page)).toEqual([]);
      // The tiles reach the right edge of the page (no empty band).
      const rights = await tiles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      expect(Math.max(...rights)).toBeGreaterThan(width - 40);
      await docShot(page, 'polish-shared-dashboard');

      await page.setViewportSize(PHONE);
      await page.waitForTimeout(500);
      expect(await cutTiles(page)).toEqual([]);
      await docShot(page, 'polish-shared-dashboard-phone');

      // The empty chart: "No data", never an axis of "0.000000".
      await page.setViewportSize(DESKTOP);
      await page.goto(`/dashboard-share?token=${encodeURIComponent(emptyShare.token)}`);
      const empty = page.getByRole('region', { name: 'Pending yesterday' });
      await expect(empty).toBeVisible();
      await expect(empty.getByText('No data')).toBeVisible();
      await expect(empty.getByText(/\d\.\d{3,}/)).toHaveCount(0);
      await docShot(page, 'polish-empty-chart');

      // Dark theme: chosen in the app, kept by the shared view.
      await signIn(page, ADMIN);
      await expectShell(page);
      await switchTheme(page, 'dark');
      await page.goto(`/dashboard-share?token=${encodeURIComponent(share.token)}`);
      await expect(page.getByRole('heading', { name: 'NOC overview', level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Not updating' })).toBeVisible();
      await page.waitForTimeout(500);
      expect(await cutTiles(page)).toEqual([]);
      await docShot(page, 'polish-shared-dashboard-dark');
      await page.goto('/app/dashboard');
      await switchTheme(page, 'light');
    } finally {
      await request.delete(`/api/dashboard/${noc!.id}/share`, { headers });
      await request.delete(`/api/dashboard/${probe.id}`, { headers });
    }
  });
});
