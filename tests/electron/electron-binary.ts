/**
 * The Electron binary is fetched on first launch (Electron 42 and later), from a host some
 * machines (this project's CI among them) cannot reach. The one check lives in
 * scripts/lib/electron-binary.mjs, shared with `npm start`.
 */
export { electronBinary } from '../../scripts/lib/electron-binary.mjs';
