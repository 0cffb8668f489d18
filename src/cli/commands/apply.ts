// `dpac apply`: execute a plan (fresh from the manifests, or a saved one) and converge.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { type ApplyOutcome, applyPlan, applySummary } from '../../apply/apply-plan.js';
import { checkSavedPlan } from '../../apply/check-saved-plan.js';
import { addressFrom, parseAddress } from '../../core/address.js';
import type { Change } from '../../diff/change.js';
import { checkSafety } from '../../diff/check-safety.js';
import { formatDiagnostics } from '../../manifest/format-diagnostics.js';
import type { PlanChange } from '../../plan/plan.js';
import { hasChanges, type Plan } from '../../plan/plan.js';
import { renderPlanText } from '../../render/render-plan-text.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, useColor } from '../io.js';
import {
  addPlanningOptions,
  connect,
  type PlanFlags,
  planSession,
  reportApiFailure,
} from '../plan-session.js';
import { registerCommand } from '../program.js';
import { progressReporter } from '../progress.js';
import { projectInCwd } from '../project-file.js';

interface Flags extends PlanFlags {
  plan?: string;
  autoApprove?: boolean;
  parallelism?: string;
  resendSecrets?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('apply')
    .description('Apply the changes a plan shows (from the manifests, or a saved plan), then verify them.')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--plan <file>', 'apply exactly this saved plan (refused if anything it touches changed)')
    .option('--auto-approve', 'do not ask for confirmation')
    .option(
      '--parallelism <n>',
      'calls in flight at once (default: dpac.yaml parallelism, else 8; writes are further limited by the client)',
    )
    .option('--resend-secrets', 'write every document holding a secret, even when nothing else changed')
    .option(
      '--allow-mass-delete',
      'allow a plan that deletes more than max(5, 25%) of the managed objects of a kind',
    );
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => setExit(await runApply(io, paths, flags)));
});

async function runApply(io: CliIo, paths: string[], flags: Flags): Promise<number> {
  const style = { color: useColor(io, flags.color) };
  if (
    flags.parallelism !== undefined &&
    !(Number.isInteger(Number(flags.parallelism)) && Number(flags.parallelism) >= 1)
  ) {
    io.err('Error: --parallelism must be a whole number of at least 1.');
    return EXIT.error;
  }
  const prepared = flags.plan
    ? await fromSavedPlan(io, flags)
    : await fromManifests(io, paths, flags, style.color);
  if (typeof prepared === 'number') return prepared;
  const { plan, client, knownIds, ownershipTag } = prepared;
  const parallelism = Number(flags.parallelism ?? prepared.parallelism ?? 8);
  try {
    if (!flags.plan) io.out(renderPlanText(plan, style));
    if (!hasChanges(plan)) {
      if (flags.plan) io.out('The saved plan has no changes.');
      return EXIT.ok;
    }
    if (!flags.plan && !flags.autoApprove) {
      if (!io.isTty || !io.ask) {
        io.err(
          'Refusing to apply without confirmation: no terminal to ask on. Pass --auto-approve, or save a plan with `dpac plan --out FILE` and run `dpac apply --plan FILE`.',
        );
        return EXIT.error;
      }
      const answer = await io.ask('\nDo you want to perform these actions? Only "yes" will be accepted: ');
      if (answer.trim() !== 'yes') {
        io.out('Apply cancelled; nothing was written.');
        return EXIT.ok;
      }
    }
    const stopNotice = io.interrupts.onFirst(() =>
      io.err(
        '\nInterrupt: finishing the calls in flight and starting nothing new. Press Ctrl-C again to exit at once.',
      ),
    );
    io.out(`\nApplying ${plan.calls.length} call${plan.calls.length === 1 ? '' : 's'}...`);
    const outcome = await applyPlan({
      plan,
      client,
      env: io.env,
      parallelism,
      ownershipTag,
      knownIds,
      stopRequested: () => io.interrupts.requested(),
      onEvent: progressReporter(io),
    });
    stopNotice();
    return report(io, outcome, style.color);
  } catch (error) {
    return reportApiFailure(io, error);
  } finally {
    await client.close();
  }
}

function report(io: CliIo, outcome: ApplyOutcome, color: boolean): number {
  if (outcome.diagnostics.length) io.err(formatDiagnostics(outcome.diagnostics, color));
  const lines = applySummary(outcome);
  io.out(`\n${lines.join('\n')}`);
  const applied = outcome.results.some((r) => r.status === 'applied');
  const stepsOk = outcome.results.every((r) => r.status === 'applied');
  if (stepsOk) return outcome.diagnostics.length ? EXIT.error : EXIT.ok;
  return applied || io.interrupts.requested() ? EXIT.partial : EXIT.error;
}

async function fromManifests(io: CliIo, paths: string[], flags: Flags, color: boolean) {
  const session = await planSession(io, paths, flags, { color, resendSecrets: flags.resendSecrets });
  if (typeof session === 'number') return session;
  const knownIds = new Map([...session.live.objects.values()].map((o) => [o.address, o.id]));
  return {
    parallelism: session.project.parallelism,
    plan: session.plan,

    client: session.client,
    knownIds,
    ownershipTag: session.project.ownership_tag,
  };
}

async function fromSavedPlan(io: CliIo, flags: Flags) {
  let plan: Plan;
  try {
    plan = JSON.parse(await readFile(path.resolve(io.cwd, flags.plan as string), 'utf8')) as Plan;
  } catch (error) {
    io.err(`Error: cannot read the saved plan ${flags.plan}: ${(error as Error).message}`);
    return EXIT.error;
  }
  // Protect patterns and the mass-delete guard are re-checked now: dpac.yaml may have changed.
  const project = await projectInCwd(io);
  if (!project) return EXIT.error;
  const guarded = checkSafety({
    changes: plan.changes.map(toChange),
    manifests: [],
    protect: project.protect,
    allowMassDelete: flags.allowMassDelete ?? false,
  });
  if (guarded.length) {
    io.err(formatDiagnostics(guarded, false));
    io.err('The saved plan was refused; nothing was written.');
    return EXIT.error;
  }
  const opened = connect(io, flags, project);
  if (!opened) return EXIT.error;
  const ownershipTag = plan.ownership_tag ?? project.ownership_tag;

  try {
    const status = await checkSavedPlan({ plan, url: opened.url, client: opened.client, ownershipTag });
    if (status.diagnostics.length || !status.live) {
      io.err(formatDiagnostics(status.diagnostics, false));
      await opened.client.close();
      return EXIT.error;
    }
    const knownIds = new Map([...status.live.objects.values()].map((o) => [o.address, o.id]));
    return { plan, client: opened.client, knownIds, ownershipTag, parallelism: undefined };
  } catch (error) {
    await opened.client.close();
    return reportApiFailure(io, error);
  }
}

/** The resource-level view of a saved plan's change, for the safety guards. */
function toChange(c: PlanChange): Change {
  const { ancestors, name } = parseAddress(c.address);
  return {
    ...c,
    address: addressFrom(c.address),
    name,
    ancestors,
    before: c.before ?? undefined,
    after: c.after ?? undefined,
  };
}
