import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { INSIGHT_TYPES, InsightType, type Insight, type Paged, type PolicyRow } from '@vigil/contract';
import { apiHeaders, ensureTenantAdminMfaOff, expectShell, settle, shot, signIn, switchTheme } from './support.ts';

const ADMIN = 'admin@demo.local';
const ROOT = 'root@vigil.local';

async function insights(request: APIRequestContext, headers: Record<string, string>, type: InsightType) {
  const res = await request.get(`/api/insight/${type}`, { headers, params: { Page: 1, Size: 500 } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Paged<Insight>;
}

function gridRow(page: Page, grid: string, id: number) {
  return page.getByRole('grid', { name: grid }).locator(`[role="row"][data-row-id="${id}"]`);
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('a technician reviews insights, applies a missing-schedule fix and dismisses another suggestion', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const headers = await apiHeaders(request, ADMIN);

  await signIn(page, ADMIN);
  await expectShell(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Insights', exact: true })
    .click();
  await expect(page).toHaveURL(/\/app\/insights\/overview$/);
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();

  // Compute now: the overview answers with fresh counts and says when.
  await page.getByRole('button', { name: 'Refresh insights' }).click();
  await expect(page.getByText(/^Insights computed: /)).toBeVisible();
  await expect(page.getByTestId('insights-computed')).toHaveText(/^Computed (now|\d+ seconds? ago)$/);

  // Every type has a card with its count, and the demo triggers each of them.
  const overview = await (await request.get('/api/insight', { headers })).json();
  for (const t of InsightType.options) {
    const card = page.getByRole('region', { name: INSIGHT_TYPES[t].title });
    await expect(card).toBeVisible();
    const shown = Number((await card.getByTestId(`insight-count-${t}`).innerText()).replace(/,/g, ''));
    expect(shown, `${t} on screen matches the API`).toBe(
      overview.Types.find((x: { Type: string }) => x.Type === t).Count,
    );
    expect.soft(shown, `the demo triggers ${INSIGHT_TYPES[t].title}`).toBeGreaterThan(0);
  }
  // The help of a type opens in place.
  const missingCard = page.getByRole('region', { name: 'Backup Missing Schedule' });
  await missingCard.getByRole('button', { name: 'What Backup Missing Schedule means' }).click();
  await expect(missingCard.getByText(INSIGHT_TYPES.BackupMissingSchedule.help)).toBeVisible();
  await settle(page);
  await shot(page, 'insights-overview');

  // Backup Missing Schedule: apply the first suggestion.
  const missing = await insights(request, headers, 'BackupMissingSchedule');
  expect(missing.Total, 'the demo has a backup missing schedule days').toBeGreaterThan(0);
  const target = missing.Results[0];
  const before = (await (await request.get(`/api/backups/${target.PolicyId}`, { headers })).json()) as PolicyRow;
  await missingCard.getByRole('link', { name: 'View Backup Missing Schedule' }).click();
  await expect(page).toHaveURL(/\/app\/insights\/BackupMissingSchedule$/);
  await expect(page.getByRole('heading', { name: 'Backup Missing Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('What Backup Missing Schedule means');
  await expect(page.getByText(`Showing ${Math.min(missing.Total, 50)} of ${missing.Total}`)).toBeVisible();
  const row = gridRow(page, 'Backup Missing Schedule', target.Id);
  await expect(row).toContainText(target.JobName);
  await expect(row).toContainText(target.Suggested);
  await settle(page);
  await shot(page, 'insights-missing-schedule');

  await row.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Apply (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply 1 suggestion?' });
  await expect(dialog).toContainText(
    `${target.JobName} on ${target.DeviceName}: ${target.Current} → ${target.Suggested}`,
  );
  await settle(page);
  await shot(page, 'insights-apply-confirm');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 suggestion applied')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // The backup's schedule is now the suggested one.
  const after = (await (await request.get(`/api/backups/${target.PolicyId}`, { headers })).json()) as PolicyRow;
  expect(after.Schedule).not.toEqual(before.Schedule);
  expect(after.Schedule).toEqual(target.Suggestion.schedule);
  expect((await insights(request, headers, 'BackupMissingSchedule')).Results.map((r) => r.Id)).not.toContain(target.Id);

  // Dismiss one suggestion of another type.
  const otherType = (['BackupNotUpdating', 'BackupStartOfBusinessDay', 'BackupResultsDecreased'] as const)[0];
  const other = await insights(request, headers, otherType);
  expect(other.Total).toBeGreaterThan(0);
  const victim = other.Results[0];
  await page.getByRole('link', { name: 'All insights' }).click();
  await page.getByRole('link', { name: `View ${INSIGHT_TYPES[otherType].title}` }).click();
  await expect(page.getByRole('heading', { name: INSIGHT_TYPES[otherType].title, level: 1 })).toBeVisible();
  // Not a selectable type: no Apply.
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  const victimRow = gridRow(page, INSIGHT_TYPES[otherType].title, victim.Id);
  // A row opens its backup in the Manage editor.
  await victimRow.getByText(victim.JobName, { exact: true }).click();
  const backupEditor = page.getByRole('dialog').filter({ has: page.locator('#policy-editor-title') });
  await expect(backupEditor).toContainText(victim.DeviceName);
  await backupEditor.getByRole('button', { name: 'Cancel' }).click();
  await expect(backupEditor).toBeHidden();
  await victimRow.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Dismiss (1)' }).click();
  await expect(page.getByText('1 suggestion dismissed')).toBeVisible();
  await expect(victimRow).toHaveCount(0);
  const otherAfter = await insights(request, headers, otherType);
  expect(otherAfter.Total).toBe(other.Total - 1);
  expect(otherAfter.Results.map((r) => r.Id)).not.toContain(victim.Id);

  // Search narrows the list; a search nothing matches shows the empty text.
  await page.getByLabel('Search', { exact: true }).fill('no-such-backup-anywhere');
  await expect(page.getByText('No suggestions match the search')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('');

  // Dark theme and a small screen.
  await page.goto('/app/insights/overview');
  await switchTheme(page, 'dark');
  await expect(page.getByRole('region', { name: 'Backup Type' })).toBeVisible();
  await settle(page);
  await shot(page, 'insights-overview-dark');
  await page.goto(`/app/insights/${otherType}`);
  await expect(page.getByRole('heading', { name: INSIGHT_TYPES[otherType].title, level: 1 })).toBeVisible();
  await settle(page);
  await shot(page, 'insights-list-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/insights/overview');
  await expect(page.getByRole('region', { name: 'Backup Type' })).toBeVisible();
  await settle(page);
  await shot(page, 'insights-overview-small');
  await page.goto('/app/insights/BackupMissingSchedule');
  await expect(page.getByRole('heading', { name: 'Backup Missing Schedule', level: 1 })).toBeVisible();
  await settle(page);
  await shot(page, 'insights-list-small');

  // An unknown type is not a page.
  await page.goto('/app/insights/NoSuchInsight');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});

test('a platform admin recomputes a tenant and creates and publishes a dashboard layout', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const headers = await apiHeaders(request, ROOT);
  const name = `NOC wall ${Date.now().toString(36)}`;

  await signIn(page, ROOT);
  await expectShell(page);
  // The admin portal opens on Tenants, with its menu group expanded.
  await expect(page.getByRole('heading', { name: 'Tenants', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const entry = nav.getByRole('link', { name: 'Insights', exact: true });
  await expect(nav.getByRole('button', { name: 'Admin Portal', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await entry.click();
  await expect(page).toHaveURL(/\/admin\/insights$/);
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();

  const rows = (await (await request.post('/api/admin/insights', { headers, data: { Search: 'demo' } })).json()) as {
    Results: { TenantId: number; TenantName: string }[];
  };
  const demo = rows.Results[0];
  expect(demo, 'the demo tenant is listed').toBeTruthy();
  // The search is debounced: the grid settles on its answer before a row is clicked.
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/insights') && (r.request().postData() ?? '').includes('"Search":"demo"'),
  );
  await page.getByLabel('Search tenants').fill('demo');
  await searched;
  await expect(page.getByRole('grid', { name: 'Tenant insights' })).not.toHaveAttribute('aria-busy', 'true');
  const row = gridRow(page, 'Tenant insights', demo.TenantId);
  await expect(row).toContainText(demo.TenantName);
  await settle(page);
  await shot(page, 'insights-admin');
  await row.getByRole('button', { name: `Recompute insights of ${demo.TenantName}` }).click();
  await expect(page.getByText(new RegExp(`^${demo.TenantName}: \\d+ suggestions?$`))).toBeVisible();
  await expect(row).toContainText(/now|seconds? ago/);

  // Dashboard layouts: create one with two tiles, then publish it.
  await nav.getByRole('link', { name: 'Dashboard Layouts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard Layouts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New layout' }).click();
  const editor = page.getByRole('dialog', { name: 'New dashboard layout' });
  // Saving an empty form names what is missing and sends nothing.
  await editor.getByRole('button', { name: 'Add tile' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Name is required')).toBeVisible();
  await expect(editor.getByText('Title is required')).toBeVisible();
  await editor.getByLabel('Name').fill(name);
  await editor.getByLabel('Description').fill('Failures and quiet backups at a glance');
  await editor.locator('#layout-tile-0-title').fill('Failures this week');
  await editor.getByRole('button', { name: 'Add tile' }).click();
  await editor.locator('#layout-tile-1-title').fill('Missing schedules');
  await editor.locator('#layout-tile-1-type').click();
  await page.getByRole('option', { name: 'Insight' }).click();
  await editor.locator('#layout-tile-1-col').fill('2');
  await settle(page);
  await shot(page, 'insights-layout-editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Layout "${name}" saved`)).toBeVisible();
  await expect(editor).toBeHidden();

  const saved = (await (await request.get('/api/dashboard/layout/all', { headers })).json()).find(
    (l: { name: string }) => l.name === name,
  );
  expect(saved).toMatchObject({ isPublished: false, description: 'Failures and quiet backups at a glance' });
  expect(saved.tiles).toHaveLength(2);
  expect(saved.tiles[1]).toMatchObject({
    title: 'Missing schedules',
    type: 'Insight',
    insightType: 'BackupMissingSchedule',
    position: { row: 1, col: 2, sizeX: 2, sizeY: 1 },
  });

  const publish = page.getByRole('switch', { name: `Publish ${name}` }).or(page.getByLabel(`Publish ${name}`));
  await expect(publish).not.toBeChecked();
  // The switch follows the server: it turns on once the layout is saved as published.
  await publish.click();
  await expect(publish).toBeChecked();
  await expect(page.getByText(`"${name}" is published`)).toBeVisible();
  await expect
    .poll(async () => {
      const all = await (await request.get('/api/dashboard/layout/all', { headers })).json();
      return all.find((l: { id: number }) => l.id === saved.id)?.isPublished;
    })
    .toBe(true);
  await settle(page);
  await shot(page, 'insights-layouts');

  // Edit keeps what the editor does not show; a scratch layout is deleted after a confirmation.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit dashboard layout' });
  await expect(edit.locator('#layout-tile-1-title')).toHaveValue('Missing schedules');
  await edit.locator('#layout-tile-0-preset').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const edited = (await (await request.get(`/api/dashboard/layout/${saved.id}`, { headers })).json()) as {
    isPublished: boolean;
    tiles: { filters: { DateRange: { Preset: string } } }[];
  };
  expect(edited.isPublished).toBe(true);
  expect(edited.tiles[0].filters.DateRange.Preset).toBe('last7days');

  const scratch = `Scratch ${name}`;
  await page.getByRole('button', { name: 'New layout' }).click();
  const create = page.getByRole('dialog', { name: 'New dashboard layout' });
  await create.getByLabel('Name').fill(scratch);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('button', { name: `Delete ${scratch}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete dashboard layout' });
  await expect(confirm).toContainText(scratch);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Layout "${scratch}" deleted`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${scratch}` })).toHaveCount(0);
  const left = await (await request.get('/api/dashboard/layout/all', { headers })).json();
  expect(left.map((l: { name: string }) => l.name)).not.toContain(scratch);
  expect(left.map((l: { name: string }) => l.name)).toContain(name);

  // Dark theme, and the editor on a phone.
  await switchTheme(page, 'dark');
  await settle(page);
  await shot(page, 'insights-layouts-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit dashboard layout' }).locator('#layout-tile-0-title'),
  ).toBeVisible();
  await settle(page);
  await shot(page, 'insights-layout-editor-small');
});
