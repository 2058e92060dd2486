import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core's browser bundle, injected into pages whose context bypasses the app's CSP. */
const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/** Serious and critical axe violations on the page as it is now, one line each. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<unknown> } }).axe;
    return (await axe.run({ resultTypes: ['violations'] })) as {
      violations: {
        id: string;
        impact: string;
        nodes: { target: string[]; failureSummary: string }[];
      }[];
    };
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.impact} ${v.id} at ${n.target.join(' ')}: ${n.failureSummary}`),
    );
}
