// `dpac apply`: execute a plan (fresh from the manifests, or a saved one) and converge. The
// library runs every guard; this file asks for confirmation, shows progress and the summary.
import { Command, Option } from 'commander';
import {
  apply,
  applyRefusals,
  applySavedPlan,
  loadProjectSettings,
  readPlanFile,
  secretValuesOf,
} from '../../library.js';
import { hasChanges, type Plan } from '../../plan/plan.js';
import { planTarget } from '../../render/plan-target.js';
import { renderPlanText } from '../../render/render-plan-text.js';
import { runApply, runOptions } from '../apply-session.js';
import { connect } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { addChangedSinceOption, parseParallelism } from '../options.js';
import { styleFor } from '../output.js';
import { addFailOnOption, type GateFlags } from '../plan-gates.js';
import { addPlanningOptions, type PlanFlags, planSession, reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends PlanFlags, GateFlags {
  plan?: string;
  autoApprove?: boolean;
  resendSecrets?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('apply')
    .description('Apply the changes a plan shows (from the manifests, or a saved plan), then verify them.')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--plan <file>', 'apply exactly this saved plan (refused if anything it touches changed)')
    .option('--auto-approve', 'do not ask for confirmation')
    .addOption(
      new Option(
        '--parallelism <n>',
        'calls in flight at once, and the most writes sent at once (1-64; default: dpac.yaml parallelism, else 4)',
      ).argParser(parseParallelism),
    )
    .option('--resend-secrets', 'write every document holding a secret, even when nothing else changed')
    .option(
      '--allow-mass-delete',
      'allow a plan that deletes more than max(5, 25%) of the managed objects of a kind',
    )
    .option('--cascade', 'allow deleting an owned parent together with children this project does not own');
  addFailOnOption(command);
  addChangedSinceOption(command);
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) =>
    setExit(flags.plan ? await applySaved(io, flags.plan, flags) : await applyFresh(io, paths, flags)),
  );
});

async function applyFresh(io: CliIo, paths: string[], flags: Flags): Promise<number> {
  const style = styleFor(io, flags);
  const session = await planSession(io, paths, flags, { style, resendSecrets: flags.resendSecrets });
  if (typeof session === 'number') return session;
  const { connection } = session;
  try {
    io.out(renderPlanText(session.plan, style));
    if (!hasChanges(session.plan)) return EXIT.ok;
    // What apply would refuse is said before asking.
    const refusals = applyRefusals(session, io.env, flags.failOn);
    if (refusals.length > 0) {
      reportDiagnostics(io, refusals, style, session.project.root);
      io.err('Nothing was written.');
      return EXIT.error;
    }
    if (!flags.autoApprove) {
      const answer = await confirm(io, session.plan);
      if (answer !== 'yes') return answer === 'no-terminal' ? EXIT.error : EXIT.ok;
    }
    return await runApply(io, style, session.plan, () =>
      apply(connection, session, { ...runOptions(io, session.plan), failOn: flags.failOn }),
    );
  } catch (error) {
    return reportFailure(io, error, style, session.project.root);
  } finally {
    await connection.client.close();
  }
}

/** A saved plan runs as it was reviewed (library: signature, integrity, guards, staleness, secrets). */
async function applySaved(io: CliIo, file: string, flags: Flags): Promise<number> {
  const style = styleFor(io, flags);
  if (flags.select?.length || flags.exclude?.length || flags.changedSince !== undefined) {
    io.err(
      'Error: --select, --exclude and --changed-since narrow a plan while it is made; a saved plan runs as it was reviewed. Pass them to `dpac plan --out` instead.',
    );
    return EXIT.error;
  }
  // dpac.yaml first: its required_version may rule this dpac out before anything else is read.
  const settings = await loadProjectSettings({ cwd: io.cwd });
  reportDiagnostics(io, settings.diagnostics, style, settings.root);
  if (settings.diagnostics.some((d) => d.severity === 'error')) return EXIT.error;
  const read = await readPlanFile(file, { cwd: io.cwd, env: io.env });
  reportDiagnostics(io, read.diagnostics, style);
  if (!read.plan) return EXIT.error;
  const plan = read.plan;
  // The values the plan's fills send are scrubbed from every trace and server error, as a fresh plan's are.
  const connection = connect(io, flags, settings.project, { secrets: secretValuesOf(plan, io.env) });
  if (!connection) return EXIT.error;
  try {
    if (!hasChanges(plan)) {
      io.out('The saved plan has no changes.');
      return EXIT.ok;
    }
    return await runApply(io, style, plan, () =>
      applySavedPlan(connection, plan, {
        ...runOptions(io, plan),
        project: settings.project,
        allowMassDelete: flags.allowMassDelete ?? false,
        failOn: flags.failOn,
      }),
    );
  } catch (error) {
    return reportFailure(io, error, style);
  } finally {
    await connection.client.close();
  }
}

/**
 * A fresh plan is applied only after a "yes" on a terminal (a saved plan was reviewed already),
 * to a question naming where it writes.
 */
async function confirm(io: CliIo, plan: Plan): Promise<'yes' | 'no' | 'no-terminal'> {
  if (!io.isTty || !io.ask) {
    io.err(
      'Refusing to apply without confirmation: no terminal to ask on. Pass --auto-approve, or save a plan with `dpac plan --out FILE` and run `dpac apply --plan FILE`.',
    );
    return 'no-terminal';
  }
  const answer = await io.ask(
    `\nDo you want to perform these actions on ${planTarget(plan)}? Only "yes" will be accepted: `,
  );
  if (answer.trim() === 'yes') return 'yes';
  io.out('Apply cancelled; nothing was written.');
  return 'no';
}
