// `dpac drift`: a read-only plan. The client refuses every write; exit 0 in sync, 2 on drift, 1 on error.
import { Command } from 'commander';
import { DRIFT_VIEWS, driftReport } from '../../render/render-drift.js';
import { EXIT } from '../exit-codes.js';
import { appendStepSummary } from '../github-actions.js';
import { addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { addPlanningOptions, type PlanFlags, planSession } from '../plan-session.js';
import { registerCommand } from '../program.js';

interface Flags extends PlanFlags, OutputFlags {}

registerCommand((io, setExit) => {
  const command = new Command('drift')
    .description('Read-only: report what differs between manifests and live state (exit 2 on drift).')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)');
  addOutputOption(command, DRIFT_VIEWS, ['format']);
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const output = outputFor(io, flags, DRIFT_VIEWS);
    const session = await planSession(
      io,
      paths,
      { ...flags, allowMassDelete: true, cascade: true },
      { readOnly: true, style: output.style },
    );
    if (typeof session === 'number') return setExit(session);
    try {
      const report = driftReport(session.plan);
      io.out(output.render(report));
      await appendStepSummary(io, () => DRIFT_VIEWS.markdown(report, { color: false }));
      setExit(report.in_sync ? EXIT.ok : EXIT.changes);
    } finally {
      await session.connection.client.close();
    }
  });
});
