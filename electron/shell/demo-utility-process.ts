import { utilityProcess } from 'electron';
import type { DemoProcessLauncher } from '../core/demo/demo-process-port';

/**
 * The Demo broker in an Electron utility process (dist/sandbox/child.cjs): a Node process
 * Electron owns and ends with the app, so building the simulated market and its ticks
 * never stall the main process that serves the window.
 */
export function utilityDemoProcess(childModule: string): DemoProcessLauncher {
  return (options) => {
    const child = utilityProcess.fork(childModule, [JSON.stringify(options)], {
      serviceName: 'Tickdesk Demo broker',
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return {
      send: (msg) => child.postMessage(msg),
      onMessage: (fn) => child.on('message', fn),
      onExit: (fn) => child.once('exit', (code) => fn(code)),
      kill: () => void child.kill(),
    };
  };
}
