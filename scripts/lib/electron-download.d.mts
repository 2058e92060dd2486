/** Types of ./electron-download.mjs (used from TypeScript tests). */
export interface ElectronDownloadPlan {
  url: string;
  fileName: string;
  mirrorSet: boolean;
  cacheRoot: string;
  cachePath: string;
}
export function electronDownloadPlan(o: {
  version: string;
  platform: string;
  arch: string;
  env: NodeJS.ProcessEnv;
}): ElectronDownloadPlan;
export function downloadError(stderr: string): string;
export function probe(url: string, timeoutMs?: number): Promise<string | undefined>;
export function downloadFailedMessage(o: {
  version: string;
  platform: string;
  arch: string;
  error: string;
  plan: ElectronDownloadPlan;
}): string;
