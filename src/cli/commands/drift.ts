// `dpac drift`: a read-only plan. The client refuses every write; exit 0 in sync, 2 on drift, 1 on error.
import { Command, Option } from 'commander';
import { driftReport, renderDriftMarkdown, renderDriftText } from '../../render/render-drift.js';
import { EXIT } from '../exit-codes.js';
import { useColor } from '../io.js';
import { addPlanningOptions, type PlanFlags, planSession } from '../plan-session.js';
import { registerCommand } from '../program.js';

interface Flags extends PlanFlags {
  format: 'text' | 'json' | 'markdown';
}

registerCommand((io, setExit) => {
  const command = new Command('drift')
    .description('Read-only: report what differs between manifests and live state (exit 2 on drift).')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'),
    );
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const style = { color: useColor(io, flags.color) };
    const session = await planSession(
      io,
      paths,
      { ...flags, allowMassDelete: true },
      { readOnly: true, color: style.color },
    );
    if (typeof session === 'number') return setExit(session);
    try {
      const report = driftReport(session.plan);
      if (flags.format === 'json') io.out(JSON.stringify(report, null, 2));
      else if (flags.format === 'markdown') io.out(renderDriftMarkdown(report));
      else io.out(renderDriftText(report, style));
      setExit(report.in_sync ? EXIT.ok : EXIT.changes);
    } finally {
      await session.client.close();
    }
  });
});
