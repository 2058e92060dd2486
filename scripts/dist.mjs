#!/usr/bin/env node
/**
 * `npm run dist [-- --linux|--mac|--win ...]`: build, then package the installers with
 * electron-builder's JavaScript API (build/electron-builder.config.cjs). Packaging needs
 * the Electron binaries for the target from github.com; where that host is out of reach,
 * this ends with one line that says so instead of a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { electronVersion } from './lib/electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const platforms = { '--linux': 'LINUX', '--mac': 'MAC', '--win': 'WINDOWS' };
const wanted = process.argv.slice(2).filter((a) => a in platforms);
// The download's own error surfaces as an uncaught exception, not through build()'s promise.
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
const { build: pack, Platform } = await import('electron-builder');
try {
  await pack({
    projectDir: root,
    config: 'build/electron-builder.config.cjs',
    ...(wanted.length
      ? { targets: mergeTargets(wanted.map((w) => Platform[platforms[w]].createTarget())) }
      : {}),
    publish: process.argv.includes('--publish') ? 'always' : 'never',
  });
} catch (err) {
  fail(err);
}

/** Ends the run: one line for a failed Electron download, the full error otherwise. */
function fail(err) {
  const text = err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err);
  if (isDownloadFailure(text)) {
    console.error(
      `npm run dist: could not download Electron ${electronVersion()} (${firstLine(err)}); installers need it from github.com (or ELECTRON_MIRROR): build them where that host is reachable, e.g. the release workflow.`,
    );
  } else {
    console.error(err);
  }
  process.exit(1);
}

/** Network failures as Node's fetch, got and the app-builder binary word them. */
function isDownloadFailure(text) {
  return /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|socket hang up|github\.com|electron-v\d/i.test(
    text,
  );
}

function firstLine(err) {
  return String(err instanceof Error ? err.message : err)
    .split('\n')[0]
    .slice(0, 160);
}

function mergeTargets(maps) {
  const out = new Map();
  for (const m of maps) for (const [k, v] of m) out.set(k, v);
  return out;
}
