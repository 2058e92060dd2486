/**
 * A channel cannot exist in one place and not another: the contract, the main-side
 * handlers, and the api object every transport builds must list the same names.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildApi } from '../../../shared/ipc/api-shape';
import { channelNames, contract, eventNames, events } from '../../../shared/ipc/contract';
import { createAppCore } from '../../../electron/core/app/app-core';
import { createHandlers } from '../../../electron/ipc/handlers';

describe('contract', () => {
  it('names every channel and event domain.method and documents it', () => {
    for (const [name, def] of [...Object.entries(contract), ...Object.entries(events)]) {
      assert.match(name, /^[a-z]+\.[a-zA-Z]+$/, name);
      assert.ok(def.doc.length > 10, `${name} needs a doc line saying why it exists`);
    }
  });

  it('has a handler for every channel and no handler without a channel', async () => {
    const core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0',
      platform: 'test',
      host: 'harness',
      environment: 'demo',
      dataDir: mkdtempSync(join(tmpdir(), 'tickdesk-contract-')),
      openExternal: async () => {},
    });
    try {
      assert.deepEqual(Object.keys(createHandlers(core)).sort(), [...channelNames].sort());
    } finally {
      await core.dispose();
    }
  });

  it('gives the renderer api exactly the contract, whatever the transport', () => {
    const api = buildApi(channelNames, eventNames, {
      call: async () => ({ ok: true, data: null }),
      subscribe: () => () => {},
    }) as unknown as Record<string, Record<string, unknown>>;
    const methods = Object.entries(api)
      .filter(([d]) => d !== 'on')
      .flatMap(([d, g]) => Object.keys(g).map((m) => `${d}.${m}`));
    assert.deepEqual(methods.sort(), [...channelNames].sort());
    const subs = Object.entries(api.on!).flatMap(([d, g]) =>
      Object.keys(g as object).map((m) => `${d}.${m}`),
    );
    assert.deepEqual(subs.sort(), [...eventNames].sort());
  });
});
