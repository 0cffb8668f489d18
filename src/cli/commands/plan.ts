// `dpac plan`: what would change, why, and the literal calls that would do it.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { planGates } from '../../library.js';
import { hasChanges } from '../../plan/plan.js';
import { PLAN_VIEWS } from '../../render/plan-views.js';
import { renderJson } from '../../render/view.js';
import { EXIT } from '../exit-codes.js';
import { appendStepSummary } from '../github-actions.js';
import { addChangedSinceOption } from '../options.js';
import { addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { addFailOnOption, type GateFlags } from '../plan-gates.js';
import { addPlanningOptions, type PlanFlags, planSession } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends PlanFlags, OutputFlags, GateFlags {
  out?: string;
  detailedExitcode?: boolean;
  showCalls?: boolean;
  full?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('plan')
    .description(
      'Diff the manifests against live state and show the ordered API calls that would reconcile them.',
    )
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--out <file>', 'save the plan (no secret values) for `dpac apply --plan` and `dpac show`')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when none, 1 on error')
    .option('--show-calls', 'also print the literal API calls (text output)')
    .option('--full', 'list every change (text output summarises big groups of creates and updates)')
    .option(
      '--allow-mass-delete',
      'allow a plan that deletes more than max(5, 25%) of the managed objects of a kind',
    )
    .option('--cascade', 'allow deleting an owned parent together with children this project does not own');
  addOutputOption(command, PLAN_VIEWS, ['json', 'markdown']);
  addFailOnOption(command);
  addChangedSinceOption(command);
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const output = outputFor(io, flags, PLAN_VIEWS);
    const session = await planSession(io, paths, flags, { style: output.style });
    if (typeof session === 'number') return setExit(session);
    try {
      const { plan } = session;
      const gates = planGates(plan, { failOn: flags.failOn });
      const saved = gates.length === 0 ? flags.out : undefined;
      if (saved) await writeFile(path.resolve(io.cwd, saved), `${renderJson(plan)}\n`, { mode: 0o600 });
      const model = { plan, showCalls: flags.showCalls, full: flags.full, savedTo: saved };
      io.out(output.render(model));
      await appendStepSummary(io, () => PLAN_VIEWS.markdown(model, { color: false }));
      if (gates.length > 0) {
        // The plan is shown (the reviewer needs it) but not saved: nothing can apply it.
        reportDiagnostics(io, gates, output.style, session.project.root);
        if (flags.out) io.err(`The plan was not saved to ${flags.out}.`);
        return setExit(EXIT.error);
      }
      setExit(flags.detailedExitcode && hasChanges(plan) ? EXIT.changes : EXIT.ok);
    } finally {
      await session.connection.client.close();
    }
  });
});
