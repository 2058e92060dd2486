/**
 * Bytes a piece of code allocates on the JS heap, measured with V8's GC profiler: the heap
 * growth over the run plus everything each collection during it freed. Needs no node flags
 * and counts garbage too, which is the point (allocation, not retention).
 */
import v8 from 'node:v8';

/** Runs `fn` and returns what it allocated, in bytes. */
export function allocatedBy(fn: () => void): number {
  const profiler = new v8.GCProfiler();
  const start = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  fn();
  const end = v8.getHeapStatistics().used_heap_size;
  const stats = profiler.stop()?.statistics ?? [];
  let freed = 0;
  for (const s of stats)
    freed += Math.max(
      0,
      s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize,
    );
  return Math.max(0, end - start + freed);
}
