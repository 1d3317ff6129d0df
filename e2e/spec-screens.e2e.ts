import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, docShot, expectShell, signIn, switchTheme } from './support.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function tours(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const raw = localStorage.getItem('vigil.auth');
    const token = raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
    const r = await fetch('/api/account/guided-tours', { headers: { authorization: `Bearer ${token}` } });
    return ((await r.json()) as { Dismissed: string[] }).Dismissed;
  });
}

test('the component gallery and the icons render the real components in both themes', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await page.goto('/app/components');
  await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible();
  for (const section of ['Buttons', 'Status chips', 'History bar', 'Grid', 'Forms', 'Dialogs and messages'])
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Sample backups' })).toBeVisible();

  // The all / specific filter: the contract's messages, as the server gives them.
  const filter = page.getByRole('group', { name: 'Companies' });
  await expect(filter.getByText('Please select at least one company')).toBeVisible();
  await filter.getByRole('checkbox', { name: 'Include Alpha Dental' }).check();
  await expect(filter.getByText('Please select at least one company')).toHaveCount(0);
  await filter.getByRole('checkbox', { name: 'Exclude Alpha Dental' }).check();
  await expect(filter.getByText('Filters must be unique. Please remove any duplicates.')).toBeVisible();
  await filter.getByRole('checkbox', { name: 'Exclude Alpha Dental' }).uncheck();

  await page.getByRole('button', { name: 'Open confirmation' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete:');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await docShot(page, 'components-gallery-light');

  await page.getByRole('button', { name: 'Dark theme', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Dark theme', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await docShot(page, 'components-gallery-dark');

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Light theme', exact: true }).click();
  await docShot(page, 'components-gallery-phone');

  await page.setViewportSize(DESKTOP);
  await page.goto('/app/icons');
  await expect(page.getByRole('heading', { name: 'Icons', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Icons' }).getByText('dailyActivity', { exact: true })).toBeVisible();
});

test('first-run guided tours open from their beacon, and a finished or skipped tour stays away', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'standard@demo.local');
  await expectShell(page);
  await page.goto('/app/navigate');
  expect(await tours(page)).not.toContain('home');

  // Home: the beacon beside the title opens the tour; Skip tour ends it for good.
  await page.getByTestId('button-beacon').click();
  const tip = page.getByRole('alertdialog');
  await expect(tip).toContainText('Welcome to Vigil');
  await tip.getByRole('button', { name: /Next/ }).click();
  await expect(tip).toContainText('Your inbound address');
  await page.waitForTimeout(1000); // the tooltip fades in after the scroll
  await docShot(page, 'guided-tour-light');
  await tip.getByRole('button', { name: 'Skip tour' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect.poll(() => tours(page)).toContain('home');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('button-beacon')).toHaveCount(0);

  // Audit, in the dark theme: step through to Done.
  await switchTheme(page, 'dark');
  await page.goto('/app/audit');
  await page.getByTestId('button-beacon').click();
  await expect(tip).toContainText('The morning audit');
  await tip.getByRole('button', { name: /Next/ }).click();
  await expect(tip).toContainText('Pick the day to audit');
  await page.waitForTimeout(1000); // the tooltip fades in after the scroll
  await docShot(page, 'guided-tour-dark');
  await tip.getByRole('button', { name: /Next/ }).click();
  await expect(tip).toContainText('The day at a glance');
  await tip.getByRole('button', { name: /Next/ }).click();
  await expect(tip).toContainText('Filter and save');
  await tip.getByRole('button', { name: /Done/ }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect.poll(() => tours(page)).toContain('audit');

  // Activate Backups on a phone.
  await switchTheme(page, 'light');
  await page.setViewportSize(PHONE);
  await page.goto('/app/manage/activate-backups');
  await page.getByTestId('button-beacon').click();
  await expect(tip).toContainText('Backups Vigil discovered wait here');
  await page.waitForTimeout(1000); // the tooltip fades in after the scroll
  await docShot(page, 'guided-tour-phone');
  await tip.getByRole('button', { name: 'Skip tour' }).click();
  await expect.poll(() => tours(page)).toContain('activate-backups');
});

test('the admin portal lists every plan and subscription, and a row opens the manage-plan window', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  const subs = page.getByRole('grid', { name: 'Subscriptions' });
  const demo = subs.getByRole('row', { name: /Demo MSP/ });
  await expect(demo).toBeVisible();
  await expect(demo).toContainText(/Starter|Professional/);
  await expect(demo).toContainText(/\$\d[\d,]* \/ month/);
  await expect(page.getByRole('grid', { name: 'Plans' }).getByRole('row', { name: /Starter/ })).toBeVisible();
  await docShot(page, 'admin-billing-light');

  const opened = page.waitForEvent('popup');
  await demo.click();
  const win = await opened;
  await expect(win).toHaveURL(/\/window\/admin\/billing\/[a-z0-9]+$/);
  await expect(win.getByRole('heading', { name: 'Demo MSP' })).toBeVisible();
  await win.close();

  await switchTheme(page, 'dark');
  await docShot(page, 'admin-billing-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await docShot(page, 'admin-billing-phone');
});

test('tenant users see none of the admin billing, and the call answers 403', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'admin@demo.local');
  expect((await request.get('/api/admin/billing', { headers })).status()).toBe(403);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await page.goto('/admin/billing');
  await expect(page).not.toHaveURL(/\/admin\/billing$/);
});

test('Daily Activity pops out, a template shows its policy, and client IDs have existed and integrations', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.local');
  await expectShell(page);

  // Daily Activity in its own window.
  await page.goto('/app/daily-activity');
  const popped = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pop out' }).click();
  const win = await popped;
  await expect(win).toHaveURL(/\/window\/daily-activity$/);
  await expect(win.getByRole('heading', { name: 'Daily Activity', level: 1 })).toBeVisible();
  await expect(win.getByRole('button', { name: 'Pop out' })).toHaveCount(0);
  await win.close();

  // A template's policy window.
  const headers = await apiHeaders(request, 'admin@demo.local');
  const name = `Screens policy ${Date.now()}`;
  const created = await request.post('/api/template/create', {
    headers: { ...headers, 'content-type': 'application/json' },
    data: JSON.stringify(name),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const template = await created.json();
  const saved = await request.put('/api/template', {
    headers,
    data: {
      Id: template.Id,
      Name: name,
      Settings: { StatusCalculation: 'Worst', FailureThreshold: 3, Tags: ['gold'] },
      Companies: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto(`/window/manage/templates/policy?templateId=${template.Id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Worst result')).toBeVisible();
  await expect(page.getByText('3 days')).toBeVisible();
  await expect(page.getByText('All companies')).toBeVisible();
  expect((await request.delete(`/api/template/${template.Id}`, { headers })).ok()).toBe(true);

  // Companies → backup-client: existed is the client ID list, integrations the API-found backups.
  await page.goto('/app/manage/companies/backup-client');
  await expect(page).toHaveURL(/\/backup-client\/existed$/);
  const tabs = page.getByRole('tablist', { name: 'Client IDs' });
  await expect(tabs.getByRole('tab', { name: 'Existing backups' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/backup-client\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Backups from integrations', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Backups from integrations' });
  await expect(grid.or(page.getByText('No backups come from a backup integration yet')).first()).toBeVisible();
});

test('a ticket rule’s company filter in specific mode needs at least one company', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await page.goto('/app/ticketing/rules');
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('form', { name: 'New ticket rule' });
  await form.getByLabel('Name').fill('Screens filter check');
  await form.getByRole('radiogroup', { name: 'Companies mode' }).getByLabel('Specific').check();
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('Please select at least one company')).toBeVisible();
  await form.getByRole('radiogroup', { name: 'Companies mode' }).getByLabel('All').check();
  await expect(form.getByText('Please select at least one company')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});
