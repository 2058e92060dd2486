import { expect, test } from './harness-fixture';

test('the harness serves the app shell and answers through the contract', async ({
  page,
  harnessUrl,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(harnessUrl);
  await expect(page.getByTestId('environment')).toHaveText('DEMO');
  const version = (await import('../../package.json', { with: { type: 'json' } })).default.version;
  await expect(page.getByTestId('version')).toHaveText(`v${version}`);
  await expect(page.getByTestId('host')).toContainText('Browser harness');
  // The secret is removed from the address bar as soon as the page has it.
  expect(page.url()).not.toContain('secret=');
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

test('a page without the secret cannot use the contract', async ({ page, harnessUrl }) => {
  await page.goto(harnessUrl.replace(/#secret=.*/, '#secret=wrong'));
  await expect(page.getByTestId('startup-error')).toContainText('closed the connection');
});

test('the renderer is served with a CSP that forbids inline script and eval', async ({
  request,
  harnessUrl,
}) => {
  const res = await request.get(harnessUrl.replace(/#.*/, ''));
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  const traversal = await request.get(harnessUrl.replace(/#.*/, '') + '%2e%2e/package.json');
  expect(traversal.status()).toBe(404);
});
