// `dpac apply`: execute a plan (fresh from the manifests, or a saved one) and converge.
import { Command, Option } from 'commander';
import { type ApplyOutcome, applyPlan } from '../../apply/apply-plan.js';
import { checkSavedPlan } from '../../apply/check-saved-plan.js';
import type { LiveState } from '../../live/live-object.js';
import { hasChanges, type Plan } from '../../plan/plan.js';
import { missingVariables } from '../../plan/required-variables.js';
import { renderApplySummary } from '../../render/render-apply-summary.js';
import { renderPlanText } from '../../render/render-plan-text.js';
import type { Style } from '../../render/style.js';
import type { OpenedClient } from '../connect.js';
import { connect } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { styleFor } from '../output.js';
import {
  addPlanningOptions,
  type PlanFlags,
  planSession,
  reportApiFailure,
  settingsFor,
} from '../plan-session.js';
import { registerCommand } from '../program.js';
import { progressReporter } from '../progress.js';
import { projectInCwd } from '../project-file.js';
import { reportDiagnostics } from '../report-diagnostics.js';
import { readSavedPlan } from '../saved-plan-file.js';
import { parseParallelism, type Settings } from '../settings.js';

interface Flags extends PlanFlags {
  plan?: string;
  autoApprove?: boolean;
  resendSecrets?: boolean;
}

/** A plan ready to run: what it was checked against, and the client to run it with. */
interface Prepared {
  plan: Plan;
  live: LiveState;
  opened: OpenedClient;
  settings: Settings;
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
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => setExit(await runApply(io, paths, flags)));
});

async function runApply(io: CliIo, paths: string[], flags: Flags): Promise<number> {
  const style = styleFor(io, flags);
  const prepared = flags.plan
    ? await fromSavedPlan(io, flags.plan, flags, style)
    : await fromManifests(io, paths, flags, style);
  if (typeof prepared === 'number') return prepared;
  const { plan, live, opened, settings } = prepared;
  try {
    if (!flags.plan) io.out(renderPlanText(plan, style));
    if (!hasChanges(plan)) {
      if (flags.plan) io.out('The saved plan has no changes.');
      return EXIT.ok;
    }
    const missing = missingVariables(plan.calls, io.env);
    if (missing.length > 0) {
      io.err(renderMissingVariables(missing));
      return EXIT.error;
    }
    if (!flags.plan && !flags.autoApprove) {
      const answer = await confirm(io);
      if (answer !== 'yes') return answer === 'no-terminal' ? EXIT.error : EXIT.ok;
    }
    const stopNotice = io.interrupts.onFirst(() =>
      io.err(
        '\nInterrupt: finishing the calls in flight and starting nothing new. Press Ctrl-C again to exit at once.',
      ),
    );
    io.out(`\nApplying ${plan.calls.length} call${plan.calls.length === 1 ? '' : 's'}...`);
    const outcome = await applyPlan({
      plan,
      client: opened.client,
      env: io.env,
      parallelism: settings.parallelism,
      ownershipTag: settings.ownershipTag,
      live,
      stopRequested: () => io.interrupts.requested(),
      onEvent: progressReporter(io, plan.calls),
      cwd: io.cwd,
    });
    stopNotice();
    return report(io, outcome, style);
  } catch (error) {
    return reportApiFailure(io, error);
  } finally {
    await opened.client.close();
  }
}

/** Every unset secret variable at once, so one fix-and-rerun suffices. */
function renderMissingVariables(missing: ReturnType<typeof missingVariables>): string {
  const n = missing.length;
  return [
    `Error: the plan sends ${n} secret variable${n === 1 ? '' : 's'} that ${n === 1 ? 'is' : 'are'} not set; nothing was written.`,
    ...missing.map((v) => `  ${v.name} (for ${v.addresses.join(', ')})`),
    'Set them in the environment (plan, drift, show and graph do not need them) and run apply again.',
  ].join('\n');
}

/** A fresh plan is applied only after a "yes" on a terminal (a saved plan was reviewed already). */
async function confirm(io: CliIo): Promise<'yes' | 'no' | 'no-terminal'> {
  if (!io.isTty || !io.ask) {
    io.err(
      'Refusing to apply without confirmation: no terminal to ask on. Pass --auto-approve, or save a plan with `dpac plan --out FILE` and run `dpac apply --plan FILE`.',
    );
    return 'no-terminal';
  }
  const answer = await io.ask('\nDo you want to perform these actions? Only "yes" will be accepted: ');
  if (answer.trim() === 'yes') return 'yes';
  io.out('Apply cancelled; nothing was written.');
  return 'no';
}

function report(io: CliIo, outcome: ApplyOutcome, style: Style): number {
  reportDiagnostics(io, outcome.diagnostics, style);
  io.out(`\n${renderApplySummary(outcome)}`);
  const applied = outcome.results.some((r) => r.status === 'applied');
  const stepsOk = outcome.results.every((r) => r.status === 'applied');
  if (stepsOk) return outcome.diagnostics.length ? EXIT.error : EXIT.ok;
  return applied || io.interrupts.requested() ? EXIT.partial : EXIT.error;
}

async function fromManifests(
  io: CliIo,
  paths: string[],
  flags: Flags,
  style: Style,
): Promise<Prepared | number> {
  const session = await planSession(io, paths, flags, { style, resendSecrets: flags.resendSecrets });
  if (typeof session === 'number') return session;
  return {
    plan: session.plan,
    live: session.live,
    opened: { client: session.client, url: session.url },
    settings: session.settings,
  };
}

/** The saved plan, checked (apply/check-saved-plan.ts) against live state and today's dpac.yaml. */
async function fromSavedPlan(
  io: CliIo,
  file: string,
  flags: Flags,
  style: Style,
): Promise<Prepared | number> {
  if (flags.select?.length || flags.exclude?.length) {
    io.err(
      'Error: --select and --exclude narrow a plan while it is made; a saved plan runs as it was reviewed. Pass them to `dpac plan --out` instead.',
    );
    return EXIT.error;
  }
  const plan = await readSavedPlan(io, file);
  if (!plan) return EXIT.error;
  const project = await projectInCwd(io, style);
  if (!project) return EXIT.error;
  const settings = settingsFor(io, { flags, project, env: io.env, saved: plan }, style);
  if (!settings) return EXIT.error;
  const opened = connect(io, flags, settings);
  if (!opened) return EXIT.error;
  try {
    const status = await checkSavedPlan({
      plan,
      url: opened.url,
      client: opened.client,
      ownershipTag: settings.ownershipTag,
      protect: project.protect,
      allowMassDelete: flags.allowMassDelete ?? false,
    });
    if (status.diagnostics.length || !status.live) {
      reportDiagnostics(io, status.diagnostics, style);
      io.err('The saved plan was refused; nothing was written.');
      await opened.client.close();
      return EXIT.error;
    }
    return { plan, live: status.live, opened, settings };
  } catch (error) {
    await opened.client.close();
    return reportApiFailure(io, error);
  }
}
