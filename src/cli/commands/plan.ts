// `dpac plan`: what would change, why, and the literal calls that would do it.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { hasChanges } from '../../plan/plan.js';
import { renderCalls } from '../../render/render-calls.js';
import { renderPlanMarkdown } from '../../render/render-plan-markdown.js';
import { renderPlanText } from '../../render/render-plan-text.js';
import { EXIT } from '../exit-codes.js';
import { useColor } from '../io.js';
import { addPlanningOptions, type PlanFlags, planSession } from '../plan-session.js';
import { registerCommand } from '../program.js';

interface Flags extends PlanFlags {
  out?: string;
  json?: boolean;
  markdown?: boolean;
  detailedExitcode?: boolean;
  showCalls?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('plan')
    .description(
      'Diff the manifests against live state and show the ordered API calls that would reconcile them.',
    )
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--out <file>', 'save the plan (no secret values) for `dpac apply --plan` and `dpac show`')
    .addOption(new Option('--json', 'print the plan as JSON').conflicts('markdown'))
    .option('--markdown', 'print the plan as Markdown (for pull-request comments)')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when none, 1 on error')
    .option('--show-calls', 'also print the literal API calls')
    .option(
      '--allow-mass-delete',
      'allow a plan that deletes more than max(5, 25%) of the managed objects of a kind',
    );
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const style = { color: useColor(io, flags.color) };
    const session = await planSession(io, paths, flags, { color: style.color });
    if (typeof session === 'number') return setExit(session);
    try {
      const { plan } = session;
      if (flags.out)
        await writeFile(path.resolve(io.cwd, flags.out), `${JSON.stringify(plan, null, 2)}\n`, {
          mode: 0o600,
        });
      if (flags.json) io.out(JSON.stringify(plan, null, 2));
      else if (flags.markdown) io.out(renderPlanMarkdown(plan));
      else {
        io.out(renderPlanText(plan, style));
        if (flags.showCalls) io.out(`\n${renderCalls(plan.calls, style)}`);
        if (flags.out)
          io.out(
            `\nSaved the plan to ${flags.out}. Apply exactly this plan with: dpac apply --plan ${flags.out}`,
          );
      }
      setExit(flags.detailedExitcode && hasChanges(plan) ? EXIT.changes : EXIT.ok);
    } finally {
      await session.client.close();
    }
  });
});
