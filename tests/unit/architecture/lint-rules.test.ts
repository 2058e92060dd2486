/**
 * The architecture is enforced by ESLint (eslint.config.js); this proves the rules bite:
 * each forbidden import below must be reported, and each allowed one must not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({
  cwd: new URL('../../..', import.meta.url).pathname,
  // Type-aware rules need files on disk; these snippets only exercise import rules.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('architecture lint rules', () => {
  it("allow 'electron' only in main.ts, preload.ts and shell/", async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    assert.equal((await restrictedImports('electron/main.ts', code)).length, 0);
    assert.equal((await restrictedImports('electron/preload.ts', code)).length, 0);
    assert.equal((await restrictedImports('electron/shell/new-window.ts', code)).length, 0);
    assert.equal((await restrictedImports('electron/core/orders/x.ts', code)).length, 1);
    assert.equal((await restrictedImports('electron/ipc/router-extra.ts', code)).length, 1);
    assert.equal((await restrictedImports('shared/format/x.ts', code)).length, 1);
    assert.equal((await restrictedImports('sandbox/x.ts', code)).length, 1);
  });

  it('keep the renderer away from electron/, the sandbox and Node built-ins', async () => {
    assert.equal(
      (
        await restrictedImports(
          'renderer/src/x.ts',
          "import { readFile } from 'node:fs';\nexport const r = readFile;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'renderer/src/x.ts',
          "import * as fs from 'fs';\nexport const r = fs;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'renderer/src/x.ts',
          "import { createAppCore } from '../../electron/core/app/app-core';\nexport const c = createAppCore;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'renderer/src/x.ts',
          "import { startSandbox } from '../../sandbox/index';\nexport const s = startSandbox;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'renderer/src/x.ts',
          "import { contract } from '../../shared/ipc/contract';\nexport const c = contract;\n",
        )
      ).length,
      0,
    );
  });

  it('keep shared/ pure and the sandbox independent of the app', async () => {
    assert.equal(
      (
        await restrictedImports(
          'shared/broker/x.ts',
          "import { join } from 'node:path';\nexport const j = join;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'shared/broker/x.ts',
          "import { startSandbox } from '../../sandbox/index';\nexport const s = startSandbox;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'sandbox/x.ts',
          "import { createAppCore } from '../electron/core/app/app-core';\nexport const c = createAppCore;\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (
        await restrictedImports(
          'sandbox/x.ts',
          "import { join } from 'node:path';\nexport const j = join;\n",
        )
      ).length,
      0,
    );
  });

  it('keep console.* out of electron/: every main-process line goes through the one logger', async () => {
    const code = "console.warn('handler failed');\nexport const x = 1;\n";
    const consoleHits = async (filePath: string): Promise<number> => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-console').length;
    };
    assert.equal(await consoleHits('electron/main.ts'), 1);
    assert.equal(await consoleHits('electron/ipc/router.ts'), 1);
    assert.equal(await consoleHits('electron/core/orders/x.ts'), 1);
    assert.equal(await consoleHits('electron/shell/x.ts'), 1);
    assert.equal(await consoleHits('sandbox/cli.ts'), 0, 'the standalone sandbox CLI prints');
  });

  it('keep the sandbox out of the main process: Demo runs it in its own process', async () => {
    const code =
      "import { startSandbox } from '../../../sandbox/index';\nexport const s = startSandbox;\n";
    for (const file of [
      'electron/core/app/x.ts',
      'electron/ipc/x.ts',
      'electron/main.ts',
      'electron/shell/x.ts',
    ])
      assert.equal((await restrictedImports(file, code)).length, 1, file);
    // The generic electron rule still holds where the sandbox rule also applies.
    const electron = "import { app } from 'electron';\nexport const a = app;\n";
    assert.equal((await restrictedImports('electron/core/demo/x.ts', electron)).length, 1);
    assert.equal((await restrictedImports('electron/shell/x.ts', electron)).length, 0);
    // The shared message schemas are fine on both sides.
    assert.equal(
      (
        await restrictedImports(
          'electron/core/demo/x.ts',
          "import { DemoReady } from '../../../shared/demo/child-messages';\nexport const d = DemoReady;\n",
        )
      ).length,
      0,
    );
  });
});
