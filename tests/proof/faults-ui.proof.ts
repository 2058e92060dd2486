/**
 * Faults, UI double sends: every send control of the screens (ticket, basket, modify,
 * cancel, cancel selected, exit, exit all, convert) sent as a double click, a held Enter
 * and two windows would send it, counted at the sandbox broker. Reported in the Faults
 * section beside the injected-fault campaign (faults.proof.ts).
 *
 * It drives the core through its IPC router as renderers do, as renderers whose own guards
 * (lib/send-guard in the screens; the e2e spec send-once.spec.ts shows those in Chromium)
 * let every repeat through: so what it measures is what the core alone keeps from the
 * broker. A double click is the same call twice, the second 0–40 ms after the first; a held
 * Enter is the call six times 33 ms apart (a 30/s key repeat); two windows are the call
 * from two senders at the same moment. Every act must reach the broker exactly once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderIntent } from '../../shared/broker/models';
import { Exchange, Segment } from '../../shared/broker/enums';
import { isSendRefusal, SEND_REPEAT_WINDOW_MS } from '../../shared/orders/send-once';
import type { IpcResult } from '../../shared/ipc/errors';
import { inProcessDemo } from '../support/in-process-demo';
import { sandboxActionLog } from '../support/sandbox-action-log';
import { startComposedApp, TEST_ORIGIN } from '../integration/app/composed-app';
import { startDemoSandbox } from '../integration/safety/composed-app';
import { prepareAct, SEND_CONTROLS, type SendAct } from './support/send-controls';
import { atLeast, zeroGoal, type ProofContext, type ProofSection } from './types';

/** How one UI mistake repeats an act: from which window each call leaves, and when (ms). */
const MODES: Record<string, { sender: string; atMs: number }[]> = {
  'double click': [
    { sender: 'window-a', atMs: 0 },
    { sender: 'window-a', atMs: -1 }, // -1: 0–40 ms later, drawn per act
  ],
  'held Enter': Array.from({ length: 6 }, (_, k) => ({ sender: 'window-a', atMs: k * 33 })),
  'two windows': [
    { sender: 'window-a', atMs: 0 },
    { sender: 'window-b', atMs: 0 },
  ],
};

/** A small deterministic generator (the double click's gap), so runs compare. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(ctx: ProofContext): Promise<ProofSection> {
  const full = ctx.size === 'full';
  const reps = full ? 4 : 1;
  const actions = sandboxActionLog();
  const sandbox = await startDemoSandbox(undefined, actions.log);
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-proof-ui-sends-'));
  const app = await startComposedApp({
    dataDir,
    deps: { demoProcess: inProcessDemo(sandbox) },
  });
  const symbols = sandbox.instruments
    .filter((i) => i.exchange === Exchange.NSE && i.segment === Segment.CapitalMarket)
    .filter((i) => i.ticker.endsWith('-EQ') && i.ticker !== 'NSE:SBIN-EQ')
    .map((i) => i.ticker);
  let nextSymbol = 0;
  let nextPrice = 850; // 15% under the pinned 1,000: inside the exchange's price range, far from a fill
  const random = lcg(17);
  const fig = { acts: 0, calls: 0, duplicates: 0, notSent: 0, refusedTyped: 0, refusedOther: 0 };
  const byRow: Record<string, { acts: number; duplicates: number }> = {};
  const misses: string[] = [];

  const call = (sender: string, act: SendAct) =>
    app.router.dispatch({
      channel: act.channel,
      input: act.input,
      sender: { url: `${TEST_ORIGIN}/index.html`, isTopFrame: true },
      ctx: { senderId: sender },
    });

  /** Sends one act as `mode` repeats it; answers the action requests the sandbox received. */
  let lastAnswers = '';
  async function repeatAct(mode: string, act: SendAct): Promise<number> {
    const mark = actions.mark();
    const gap = Math.round(random() * 40);
    const answers = await Promise.all(
      MODES[mode]!.map(async ({ sender, atMs }) => {
        const at = atMs < 0 ? gap : atMs;
        if (at > 0) await sleep(at);
        return call(sender, act);
      }),
    );
    fig.calls += answers.length;
    // What each call answered, for a MISS line: a refusal's kind and words, or "ok".
    lastAnswers = answers
      .map((r) =>
        r.ok
          ? `ok ${(Array.isArray(r.data) ? r.data : [r.data])
              .map((i) => `${(i as OrderIntent).status} ${(i as OrderIntent).note ?? ''}`.trim())
              .join(', ')}`
          : `${r.error.kind}: ${r.error.message.slice(0, 120)}`,
      )
      .join(' | ');
    await settle(answers);
    return Object.values(actions.since(mark)).reduce((a, b) => a + b, 0);
  }

  async function settle(answers: IpcResult<unknown>[]): Promise<void> {
    for (const r of answers) {
      if (!r.ok) {
        if (isSendRefusal(r.error.kind)) fig.refusedTyped++;
        else fig.refusedOther++;
        continue;
      }
      const list = (Array.isArray(r.data) ? r.data : [r.data]) as OrderIntent[];
      await Promise.all(list.map((i) => app.core.orders.settled(i.intentId)));
    }
  }

  try {
    await app.control('market', {
      exchange: Exchange.NSE,
      segment: Segment.CapitalMarket,
      status: 'OPEN',
    });
    await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 1000 });
    for (const control of SEND_CONTROLS) {
      for (const mode of Object.keys(MODES)) {
        const row = (byRow[`${control} × ${mode}`] = { acts: 0, duplicates: 0 });
        for (let k = 0; k < reps; k++) {
          // Exit all always has the same target (every position): the next act is a new one
          // only after the core's repeat window, as a trader's next exit all would be.
          if (control === 'exit all') await sleep(SEND_REPEAT_WINDOW_MS);
          const act = await prepareAct(control, {
            app,
            price: () => (nextPrice += 0.05),
            symbol: () => symbols[nextSymbol++ % symbols.length]!,
          });
          const reached = await repeatAct(mode, act);
          fig.acts++;
          row.acts++;
          if (reached > 1) {
            fig.duplicates += reached - 1;
            row.duplicates += reached - 1;
            misses.push(`${control} × ${mode}: ${reached} requests at the broker`);
          } else if (reached === 0) {
            fig.notSent++;
            misses.push(`${control} × ${mode}: nothing reached the broker (${lastAnswers})`);
          }
        }
      }
      ctx.log(`${control}: ${fig.acts} acts, duplicates ${fig.duplicates}`);
    }
  } finally {
    await app.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const m of misses.slice(0, 20)) ctx.log(`MISS ${m}`);
  const rows = Object.keys(byRow).length;
  return {
    title: 'Faults',
    figures: [
      atLeast('UI double-send cases (control × double click, held Enter, two windows)', rows, 24),
      zeroGoal('UI double sends: duplicate requests at the sandbox', fig.duplicates),
      zeroGoal('UI double sends: acts that never reached the broker', fig.notSent),
      zeroGoal('UI double sends: refusals not typed', fig.refusedOther),
    ],
    notes: [
      `UI double sends: ${SEND_CONTROLS.length} send controls × ${Object.keys(MODES).length} ways (double click: 2 calls 0–40 ms apart; held Enter: 6 calls 33 ms apart; two windows: 2 senders at once) × ${reps}; ${fig.acts} acts, ${fig.calls} calls through the IPC router, ${fig.refusedTyped} typed refusals; counted at the sandbox (its request log), expected exactly one request per act`,
    ],
    json: { uiDoubleSends: { ...fig, byRow, misses: misses.slice(0, 50) } },
  };
}
