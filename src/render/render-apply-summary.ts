// The closing lines of `dpac apply`: complete, verified with problems, or partial with what failed
// and what was not done, and how to converge. Pure.
import type { ApplyOutcome } from '../apply/apply-plan.js';
import { countStatuses, undoneAddresses } from '../apply/step-result.js';
import { printable } from './printable.js';

export function renderApplySummary(outcome: ApplyOutcome): string {
  const c = outcome.counts;
  const adopted = c.adopted ? `, ${c.adopted} adopted` : '';
  const resources = `Resources: ${c.added} added, ${c.changed} changed, ${c.replaced} replaced, ${c.destroyed} destroyed${adopted}.`;
  if (outcome.complete) return `Apply complete! ${resources}`;
  const tally = countStatuses(outcome.results);
  if (tally.applied === outcome.results.length) {
    return `Apply finished, but verifying it found ${outcome.diagnostics.length} problem(s) (see the errors above). ${resources}`;
  }
  const lines = [
    `Apply finished partially: ${tally.applied} of ${outcome.results.length} calls applied, ${tally.failed} failed, ${tally.skipped} skipped, ${tally.not_started} not started. ${resources}`,
  ];
  for (const r of outcome.results) {
    if (r.status !== 'failed') continue;
    // A batch names each object it did not create (the others were created).
    const failedItems = r.items?.filter((i) => i.status === 'failed') ?? [];
    const failed = (address: string, message?: string) =>
      `  failed   ${r.call.id} ${printable(address)}: ${printable(message ?? '')}`;
    if (failedItems.length === 0) lines.push(failed(r.call.address, r.message));
    for (const i of failedItems) lines.push(failed(i.address, i.message));
  }
  const skipped = [
    ...new Set(
      outcome.results
        .filter((r) => r.status === 'skipped' || r.status === 'not_started')
        .flatMap(undoneAddresses),
    ),
  ];
  if (skipped.length) lines.push(`  not done: ${skipped.map(printable).join(', ')}`);
  lines.push('Run dpac apply again: it re-reads live state and converges.');
  return lines.join('\n');
}
