/**
 * The shared-account day of issue 18, finding 1, for its test and the Budget proof: the
 * composed app under sustained order load (six traders placing back to back) while
 * another client on the same account (a phone app, a script) spends `otherPerMinute`
 * requests from the start of every minute, 2 a second, and once (`surge`) hammers at 4 a
 * second, far over the share Tickdesk leaves it, until the broker has refused it a few times
 * (a script spending what is left, whatever the machine's speed). The broker's windows slide (the sandbox's default), so the other
 * client's requests meet Tickdesk's last 60 s whenever they come. Reports what the broker
 * counted (minute breaches, the day block) beside what the app counted (seen, and assumed
 * unseen), the other client's refusals by minute, and how every placement ended. Stops early,
 * reporting `blocked`, if the broker blocks the account.
 */
import { ErrorCode } from '../../../shared/broker/errors';
import { sbinBuy, type ComposedApp } from '../safety/composed-app';
import type { VirtualClock } from '../safety/virtual-clock';

/** What one run measured. */
export interface SharedAccountRun {
  placements: number;
  /** Placements refused by a 429: not carried out, so "failed" and resendable. */
  refusedByLimit: number;
  /** Placements that ended any other way than done or refused by a 429. */
  otherwise: string[];
  /** Actions still unconfirmed once every check settled. */
  unsure: string[];
  brokerBreaches: number;
  blocked: boolean;
  /** Breaches the app saw (its own requests refused over the minute). */
  appBreaches: number;
  /** Breaches the app assumed on top, that only the broker saw. */
  appUnseen: number;
  app429s: number;
  otherSent: number;
  otherRefused: number;
  /** The other client's refusals in minutes other than the surge's (it kept to its share there). */
  otherRefusedOutsideSurge: number;
  /** When the other client was refused: `minute+seconds` from the run's start, minute limit only. */
  otherRefusedAt: string[];
  /** When the app counted a breach, in the same terms. */
  appBreachAt: string[];
  /** Of the other client's refusals, those of the per-second window (never a breach). */
  otherRefusedPerSecond: number;
  /** Placements carried out per simulated minute: the throughput the headroom leaves. */
  ordersPerMinute: number;
}

/**
 * One minute in which the other client sends 4 a second from the minute's start until the
 * broker has refused it `untilRefused` times over the minute's limit (or 45 s have passed),
 * instead of its usual share: the account's minute surely overflows mid-minute, and the app's
 * own requests meet the full minute too.
 */
export interface Surge {
  /** Minutes from the start of the run (0 = the first). */
  minute: number;
  untilRefused: number;
}

/** How long into its minute the surge may go on, so its refusals stay in that minute. */
const SURGE_UNTIL_MS = 45_000;

/** What the broker counted for the account: the broker's own words, not the app's. */
export interface BrokerCount {
  minuteBreaches: number;
  blocked: boolean;
  /** The busiest second and minute of its sliding windows today. */
  peak: { second: number; minute: number };
}

/** The sandbox's own count of minute breaches, the day block and peaks for the (one) user. */
export async function brokerCount(app: ComposedApp): Promise<BrokerCount> {
  const res = await fetch(new URL('/__sandbox/limits', app.core.demoBrokerUrl!));
  const json = (await res.json()) as { users: BrokerCount[] };
  if (json.users.length !== 1)
    throw new Error(`expected one sandbox user, got ${json.users.length}`);
  return json.users[0]!;
}

/** Runs the shared-account load for `minutes` of virtual time from an empty minute. */
export async function runSharedAccount(
  app: ComposedApp,
  clock: VirtualClock,
  minutes: number,
  otherPerMinute = 40,
  surge?: Surge,
): Promise<SharedAccountRun> {
  const { core } = app;
  const cred = core.session.credentials();
  if (!cred) throw new Error('not logged in');
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 1000 });
  await clock.sleep(61_000); // start with empty windows
  await clock.sleep(60_000 - (clock.now() % 60_000)); // and at the turn of a minute
  const start = clock.now();
  const end = start + minutes * 60_000;
  const breachesAtStart = (await brokerCount(app)).minuteBreaches;
  const limitedAtStart = core.scheduler.getState().rateLimitedCount;

  let otherSent = 0;
  let otherRefused = 0;
  let otherRefusedOutsideSurge = 0;
  let otherRefusedPerSecond = 0;
  const otherRefusedAt: string[] = [];
  const minuteOf = (t: number) => Math.floor((t - start) / 60_000);
  const at = (t: number) => `${minuteOf(t)}+${Math.floor((t % 60_000) / 1000)}s`;
  // When the app counted each breach, beside the other client's refusals.
  const appBreachAt: string[] = [];
  let counted = core.scheduler.getState().breaches.count;
  const unsubscribe = core.scheduler.subscribe((st) => {
    if (st.breaches.count > counted) appBreachAt.push(at(clock.now()));
    counted = st.breaches.count;
  });
  let surgeRefused = 0;
  const other = async () => {
    while (clock.now() < end) {
      const m = minuteOf(clock.now());
      const surging = surge?.minute === m && surgeRefused < surge.untilRefused;
      const intoMinute = clock.now() % 60_000;
      if (surging ? intoMinute < SURGE_UNTIL_MS : intoMinute < (otherPerMinute / 2) * 1000) {
        for (let k = 0; k < (surging ? 4 : 2); k++) {
          const res = await fetch(new URL('/api/v2/profile', cred.baseUrl), {
            headers: { Authorization: `${cred.appId}:${cred.accessToken}` },
          });
          otherSent++;
          if (res.status === 429) {
            otherRefused++;
            const body = (await res.json().catch(() => ({}))) as { message?: unknown };
            if (/per second/i.test(String(body.message))) {
              otherRefusedPerSecond++;
              continue;
            }
            otherRefusedAt.push(at(clock.now()));
            if (surging) surgeRefused++;
            // Outside the surge's minute and the next (whose requests meet the surge's own
            // last 60 s) it keeps to its share, and must not be refused.
            if (surge === undefined || (m !== surge.minute && m !== surge.minute + 1))
              otherRefusedOutsideSurge++;
          } else await res.body?.cancel();
        }
        await clock.sleep(1000);
      } else {
        await clock.sleep(60_000 - intoMinute);
      }
    }
  };
  let price = 850;
  const intents: {
    intentId: string;
    status: string;
    summary: string;
    error: { code: number } | null;
  }[] = [];
  const trader = async () => {
    while (clock.now() < end) {
      price = Math.round(price * 20 + 1) / 20;
      intents.push(await core.orders.place(sbinBuy(price), { confirmGuards: true }));
      await clock.sleep(100);
    }
  };
  // Once the broker blocks the account, queued actions would wait until midnight: stop.
  let watching = true;
  let blocked = false;
  const blockedSignal = (async () => {
    while (watching) {
      await clock.sleep(5_000);
      if (watching && (await brokerCount(app)).blocked) {
        blocked = true;
        return;
      }
    }
  })();
  let unsure: string[];
  try {
    // Six traders: demand well over the app's ceiling whatever the machine's speed (virtual
    // time moves while the app works), so the minute is always full when the other spends.
    const traders = Array.from({ length: 6 }, () => trader());
    await Promise.race([Promise.all([other(), ...traders]), blockedSignal]);
    // Only an unconfirmed action is still tracked; every other status is final already.
    const open = intents.filter((i) => i.status === 'unconfirmed' || i.status === 'sending');
    if (!blocked) {
      const settled = await Promise.race([
        Promise.all(open.map((i) => core.orders.settled(i.intentId))),
        blockedSignal.then(() => open),
      ]);
      unsure = settled
        .filter((i) => i.status === 'unconfirmed' || i.status === 'sending')
        .map((i) => `${i.summary}: ${i.status}`);
    } else {
      unsure = open.map((i) => `${i.summary}: ${i.status}`);
    }
  } finally {
    watching = false;
    unsubscribe();
  }
  const broker = await brokerCount(app);
  const st = core.scheduler.getState();
  const refused = (i: (typeof intents)[number]) =>
    i.status === 'failed' && i.error?.code === ErrorCode.RateLimited;
  return {
    placements: intents.length,
    refusedByLimit: intents.filter(refused).length,
    otherwise: intents
      .filter((i) => i.status !== 'done' && !refused(i))
      .map((i) => `${i.summary}: ${i.status}`),
    unsure,
    brokerBreaches: broker.minuteBreaches - breachesAtStart,
    blocked: broker.blocked || blocked,
    appBreaches: st.breaches.count,
    appUnseen: st.breaches.unseen,
    app429s: st.rateLimitedCount - limitedAtStart,
    otherSent,
    otherRefused,
    otherRefusedOutsideSurge,
    otherRefusedAt,
    appBreachAt,
    otherRefusedPerSecond,
    ordersPerMinute: Math.round(intents.filter((i) => i.status === 'done').length / minutes),
  };
}
