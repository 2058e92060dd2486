import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DemoProcessLauncher } from './demo-process-port';

/** sandbox/child.ts, run through tsx: the harness and the tests run from the sources. */
const CHILD_ENTRY = fileURLToPath(new URL('../../../sandbox/child.ts', import.meta.url));

/**
 * The Demo broker as a forked Node process (harness and tests; the desktop app uses an
 * Electron utility process instead). Its stderr is the parent's; stdout is not used.
 */
export const forkDemoProcess: DemoProcessLauncher = (options) => {
  const child = fork(CHILD_ENTRY, [JSON.stringify(options)], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'json',
  });
  return {
    send: (msg) => {
      if (child.connected) child.send(msg);
    },
    onMessage: (fn) => child.on('message', fn),
    onExit: (fn) => {
      let told = false;
      const once = (code: number | null) => {
        if (!told) fn(code);
        told = true;
      };
      child.once('exit', (code) => once(code));
      // A process that could not even be spawned never exits: say so once, the same way.
      child.once('error', () => once(null));
    },
    kill: () => child.kill('SIGKILL'),
  };
};
