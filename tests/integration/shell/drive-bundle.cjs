// Drives the bundled main process through its ipcMain handlers and prints one JSON line.
const main = require(`${process.env.TICKDESK_APP_ROOT}/dist/electron/main.cjs`);
const frame = {
  senderFrame: { url: 'app://tickdesk/index.html', parent: null },
  sender: { id: 1 },
};
const call = (channel, input) => globalThis.__tickdeskIpcHandlers.get(channel)(frame, input);

main.ready
  .then(async () => {
    const out = { channels: globalThis.__tickdeskIpcHandlers.size };
    out.login = (await call('session.login')).data?.status;
    let status;
    for (let i = 0; i < 120; i++) {
      status = (await call('symbols.status')).data;
      if (status.state !== 'loading') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    out.symbols = status;
    out.search = (await call('symbols.search', { query: 'sbin eq' })).data
      ?.map((s) => s.ticker)
      .slice(0, 3);
    out.holdings = (await call('portfolio.holdings')).data?.holdings.length;
    out.utilityProcesses = globalThis.__tickdeskUtilityProcesses;
    await main.shutdown();
    process.stdout.write(JSON.stringify(out) + '\n');
    process.exit(0);
  })
  .catch((err) => {
    process.stderr.write(String(err?.stack ?? err) + '\n');
    process.exit(1);
  });
