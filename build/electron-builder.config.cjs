/**
 * electron-builder configuration for `npm run dist`. The fuses turn off what a trading
 * app never needs and an attacker would love: running the binary as plain Node,
 * NODE_OPTIONS and --inspect injection, loading app code from outside the signed asar.
 * tests/unit/packaging/builder-config.test.ts checks this file against electron-builder's
 * own JSON schema and asserts the values below.
 * @type {import('electron-builder').Configuration}
 */
/**
 * The update feed: the GitHub release of the repository building it (the release workflow
 * sets GITHUB_REPOSITORY). electron-builder then writes app-update.yml into the app and
 * latest*.yml beside the installers; electron-updater reads them (electron/shell/updater.ts).
 * A local build has no feed and does not update itself.
 */
const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');

module.exports = {
  appId: 'in.tickdesk.app',
  ...(owner && repo
    ? { publish: [{ provider: 'github', owner, repo, releaseType: 'release' }] }
    : {}),
  productName: 'Tickdesk',
  directories: { output: 'release', buildResources: 'build' },
  files: ['dist/electron/**', 'dist/sandbox/**', 'dist/renderer/**', 'package.json', '!**/*.map'],
  asar: true,
  protocols: [{ name: 'Tickdesk login', schemes: ['tickdesk'] }],
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  mac: {
    category: 'public.app-category.finance',
    target: ['dmg', 'zip'],
    hardenedRuntime: true,
    // The hardened runtime blocks JIT memory unless entitled; V8 needs it.
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
  },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office;Finance',
    // The deb's AppArmor profile (Ubuntu 23.10+) and /usr/bin link are named after it.
    executableName: 'tickdesk',
    maintainer: 'Tickdesk <support@tickdesk.in>',
  },
  // No deb.afterInstall of our own: electron-builder's installs the AppArmor profile that
  // lets Chromium's sandbox use user namespaces on Ubuntu 23.10+, and sets the SUID helper
  // where namespaces are off. The AppImage cannot install anything: README, "Linux".
};
