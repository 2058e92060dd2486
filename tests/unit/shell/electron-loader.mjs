// Module hook: resolves the bare specifier 'electron' to the recording fake, so
// electron/main.ts and electron/preload.ts can be imported under plain Node.
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') {
    return { url: new URL('./fake-electron.ts', import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
