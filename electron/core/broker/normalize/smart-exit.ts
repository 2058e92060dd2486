/** Reader of the broker's smart exit trigger list (docs/broker-v3.md; fields inferred there). */
import { SmartExitRow } from '../../../../shared/risk/smart-exit';
import { bool, list, numOrNull, str } from './coerce';

/** The triggers that read cleanly; each one that does not is told to `skip` with why. */
export function readSmartExits(rows: unknown, skip: (reason: string) => void): SmartExitRow[] {
  const out: SmartExitRow[] = [];
  for (const raw of list(rows, 'smart exit triggers')) {
    const row = SmartExitRow.safeParse({
      flowId: str(raw.flowId),
      name: str(raw.name),
      type: numOrNull(raw.type),
      profitRate: numOrNull(raw.profitRate),
      lossRate: numOrNull(raw.lossRate),
      active: bool(raw.active),
      triggered: bool(raw.triggered),
      exited: bool(raw.exited),
    });
    if (row.success) out.push(row.data);
    else skip(`a smart exit trigger could not be read (${row.error.issues[0]?.message ?? ''})`);
  }
  return out;
}
