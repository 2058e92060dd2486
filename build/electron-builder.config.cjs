/**
 * electron-builder configuration for `npm run dist`. The fuses turn off what a trading
 * app never needs and an attacker would love: running the binary as plain Node,
 * NODE_OPTIONS and --inspect injection, loading app code from outside the signed asar.
 * tests/unit/shell/main-process.test.ts asserts these values.
 * @type {import('electron-builder').Configuration}
 */
module.exports = {
  appId: 'in.tickdesk.app',
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
  mac: { category: 'public.app-category.finance', target: ['dmg'], hardenedRuntime: true },
  win: { target: ['nsis'] },
  linux: { target: ['AppImage', 'deb'], category: 'Office;Finance' },
};
