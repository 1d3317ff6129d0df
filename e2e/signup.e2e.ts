import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectShell,
  logoPng,
  openMenuEntry,
  shot,
  signIn,
  outboxTo,
  setPasswordPath,
  choosePasswordAndSignIn,
} from './support.ts';

const stamp = Date.now().toString(36);
const COUPON = `E2E-${stamp}`.toUpperCase();
const RESELLER = `partner-${stamp}`;
const EMAIL = `owner.${stamp}@harbor-it.test`;
const PASSWORD = 'Harbor!Start9';
const TECH = `tech.${stamp}@harbor-it.test`;
const TECH_PASSWORD = 'Harbor!Tide42';
const [DENTAL, LAW, MARINE] = ['Harbor Dental', 'Harbor Law', 'Harbor Marine'];

test('a platform admin creates a coupon and a reseller in the Admin Portal', async ({ page }) => {
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Coupons', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByLabel('Code').fill(COUPON);
  await dialog.getByLabel('Value').fill('150');
  await dialog.getByLabel('Description').fill('Welcome offer for new MSPs');
  await dialog.getByRole('button', { name: 'Create' }).click();
  // Percent off above 100 is refused by the server, shown on the field.
  await expect(dialog.getByText('Value must be at most 100')).toBeVisible();
  await dialog.getByLabel('Value').fill('20');
  await dialog.getByLabel('Max redemptions').fill('25');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: COUPON });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('0 of 25');
  await expect(row).toContainText('Active');
  await shot(page, 'admin-coupons-light');

  await menu.getByRole('link', { name: 'Resellers', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/resellers$/);
  await page.getByRole('button', { name: 'New reseller' }).click();
  const rd = page.getByRole('dialog', { name: 'New reseller' });
  await rd.getByLabel('Name').fill('Harbor Partners');
  await rd.getByLabel('Referral code').fill(RESELLER);
  await rd.getByRole('button', { name: 'Create' }).click();
  await expect(rd).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Harbor Partners' })).toContainText(`/page/signup/${RESELLER}`);
  await shot(page, 'admin-resellers-light');

  await menu.getByRole('link', { name: 'Coupons', exact: true }).click();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('row').filter({ hasText: COUPON })).toBeVisible();
  await shot(page, 'admin-coupons-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row').filter({ hasText: COUPON })).toContainText('20% off');
  await shot(page, 'admin-coupons-phone');
});

test('a platform admin opens an account for an MSP from Tenants; its administrator chooses a password', async ({
  page,
  request,
}) => {
  const admin = `first.${stamp}@tailspin.test`;
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await page.goto('/admin/tenants');
  await page.getByRole('button', { name: 'New tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tenant' });
  await dialog.getByLabel('Company name').fill('Tailspin Managed IT');
  await dialog.getByLabel('First name').fill('Tara');
  await dialog.getByLabel('Last name').fill('Spin');
  await dialog.getByLabel('Administrator e-mail').fill('standard@demo.local');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('An account with this e-mail address already exists.')).toBeVisible();
  await dialog.getByLabel('Administrator e-mail').fill(admin);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${admin} was sent a link to choose a password`)).toBeVisible();
  await expect(page.getByText('Tailspin Managed IT').first()).toBeVisible();

  const mail = (await outboxTo(request, admin))[0];
  expect(mail.Subject).toBe('Your Vigil account for Tailspin Managed IT');
  const fresh = await page.context().browser()!.newPage();
  await choosePasswordAndSignIn(fresh, setPasswordPath(mail), admin, 'Tailspin!Go1');
  await expect(fresh.getByText('Tailspin Managed IT').first()).toBeVisible();
  await fresh.close();
});

test('a new MSP signs up through a referral link with a coupon, confirms its e-mail, brands the account and restricts a technician to two companies', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto('/page/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/page\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await shot(page, 'signup-light');

  await page.goto(`/page/signup/${RESELLER}`);
  await expect(page.getByText('Referred by Harbor Partners')).toBeVisible();
  const plans = page.getByRole('radio');
  await expect(plans.first()).toHaveAttribute('aria-checked', 'true');
  if ((await plans.count()) > 1) {
    await plans.nth(1).click();
    await expect(plans.nth(1)).toHaveAttribute('aria-checked', 'true');
  }

  await page.getByLabel('Coupon (optional)').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon code does not exist.')).toBeVisible();
  await page.getByLabel('Coupon (optional)').fill(COUPON.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied: 20% off.')).toBeVisible();

  await page.getByLabel('Company name').fill('Harbor IT Services');
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Last name').fill('Reed');
  await page.getByLabel('Work e-mail').fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm password').fill('other');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Password must be at least 8 characters long/)).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The address belongs to the demo admin: the server says so on the field.
  await expect(page.getByText('An account with this e-mail address already exists.')).toBeVisible();
  await page.getByLabel('Work e-mail').fill(EMAIL);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await shot(page, 'signup-filled-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(EMAIL)).toBeVisible();
  await shot(page, 'signup-check-inbox-light');

  // Signing in before confirming is refused with a clear message and a way to get a new link.
  await signIn(page, EMAIL, PASSWORD);
  await expect(page.getByText(/Confirm your e-mail address first/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a new confirmation link' })).toBeVisible();

  const mail = (await outboxTo(request, EMAIL))[0];
  expect(mail.Subject).toBe('Confirm your e-mail address for Vigil');
  const link = /https?:\/\/[^\s]+\/page\/confirm-email\/[A-Za-z0-9_-]+/.exec(mail.Text)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await shot(page, 'signup-confirmed-light');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/page\/login/);

  // The link works once.
  const again = await request.post('/api/signup/confirm-email', { data: { Token: link.split('/').pop() } });
  expect(again.status()).toBe(400);

  await signIn(page, EMAIL, PASSWORD);
  await expectShell(page);
  await expect(page.getByText('Harbor IT Services').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByText(/harbor-it-services(-\d+)?@/).first()).toBeVisible();
  await shot(page, 'signup-first-home-light');

  // The coupon was counted once, against its limit.
  const root = await request.post('/api/UserAuth/Login', {
    data: { UserName: 'root@vigil.local', Password: DEMO_PASSWORD },
  });
  const coupons = await request.get('/api/coupon/', {
    headers: { authorization: `Bearer ${(await root.json()).accessToken}` },
  });
  const used = (await coupons.json()).find((c: { Code: string }) => c.Code === COUPON);
  expect(used.Redemptions).toBe(1);

  // The new MSP makes the account its own: a logo, shown in the shell once saved.
  await expect(page.getByTestId('tenant-logo')).toHaveCount(0);
  await openMenuEntry(page, 'Branding', 'Settings');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload logo' });
  await upload.getByTestId('image-file-input').setInputFiles({
    name: 'harbor-logo.png',
    mimeType: 'image/png',
    buffer: logoPng(),
  });
  await upload.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Logo saved')).toBeVisible();
  const logo = page.locator('[data-testid="tenant-logo"]:visible');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Three client companies, and a technician who may see only two of them.
  await openMenuEntry(page, 'Companies', 'Manage');
  for (const name of [DENTAL, LAW, MARINE]) {
    await page.getByRole('button', { name: 'New company' }).click();
    const create = page.getByRole('dialog', { name: 'New company' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
  }
  await openMenuEntry(page, 'User Management', 'Settings');
  await page.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add user' });
  await add.getByRole('textbox', { name: 'E-mail' }).fill(TECH);
  await add.getByRole('textbox', { name: 'First name' }).fill('Theo');
  await add.getByRole('textbox', { name: 'Last name' }).fill('Tide');
  await add.getByLabel('Restrict to some companies').check();
  for (const name of [DENTAL, LAW]) {
    const box = add.getByRole('combobox', { name: 'Companies' });
    await box.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText(`Invitation sent to ${TECH}`)).toBeVisible();
  // The user list names the two companies the technician is restricted to.
  await expect(page.getByRole('grid', { name: 'Users' }).locator('[role="row"]', { hasText: TECH })).toContainText(
    'Harbor Dental, Harbor Law',
  );
  await shot(page, 'signup-new-msp-users-light');

  // The technician chooses a password from the invitation and sees only those two companies.
  const invite = (await outboxTo(request, TECH))[0];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tech = await context.newPage();
  await choosePasswordAndSignIn(tech, setPasswordPath(invite), TECH, TECH_PASSWORD);
  await openMenuEntry(tech, 'Companies', 'Manage');
  await expect(tech.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await tech.getByLabel('Include empty').check();
  const grid = tech.getByRole('grid', { name: 'Companies' });
  await expect(grid.getByText(DENTAL, { exact: true })).toBeVisible();
  await expect(grid.getByText(LAW, { exact: true })).toBeVisible();
  await expect(grid.getByText(MARINE, { exact: true })).toHaveCount(0);
  await shot(tech, 'signup-new-msp-restricted-companies');
  // The API answers the same for the technician, while the administrator sees all three.
  const namesFor = async (email: string, password: string) => {
    const login = await request.post('/api/UserAuth/Login', { data: { UserName: email, Password: password } });
    const list = await request.post('/api/company/list', {
      headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
      data: { IncludeEmpty: true, Size: 100 },
    });
    expect(list.ok(), await list.text()).toBe(true);
    return ((await list.json()).data as { Name: string }[]).map((c) => c.Name).sort();
  };
  expect(await namesFor(TECH, TECH_PASSWORD)).toEqual([DENTAL, LAW]);
  expect(await namesFor(EMAIL, PASSWORD)).toEqual([DENTAL, LAW, MARINE]);
  await context.close();
});

test('sign-up and unsubscribe work on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/page/signup/${RESELLER}`);
  await expect(page.getByText('Referred by Harbor Partners')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'signup-phone-light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await shot(page, 'signup-phone-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // A token that was not signed by the server names an address but is refused.
  const forged = `${Buffer.from(JSON.stringify({ e: 'reader@client.test', t: 'reports' })).toString('base64url')}.forged`;
  await page.goto(`/public/unsubscribe/reports?token=${forged}`);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from scheduled reports' })).toBeVisible();
  await expect(page.getByText('reader@client.test')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
});
