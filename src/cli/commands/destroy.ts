// `dpac destroy [PATH…]`: delete what the manifests declare (or the --select'ed part) and live
// shows is provably this project's, children and referrers first. The library runs every guard;
// this file shows the whole plan, asks twice (docs/decisions.md "Day-2 commands"), saves it with
// --out for `dpac apply --plan`, or applies it.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { apply, applyRefusals, type Connection, type LoadManifestsResult } from '../../library.js';
import { renderPlanText } from '../../render/render-plan-text.js';
import { renderJson } from '../../render/view.js';
import { runApply, runOptions } from '../apply-session.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseParallelism } from '../options.js';
import { styleFor } from '../output.js';
import { addFailOnOption, type GateFlags } from '../plan-gates.js';
import { addPlanningOptions, type PlanFlags, planSession, reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends PlanFlags, GateFlags {
  autoApprove?: boolean;
  out?: string;
}

registerCommand((io, setExit) => {
  const command = new Command('destroy')
    .description(
      'Delete what the manifests declare and this project provably owns (children first); asks twice.',
    )
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--auto-approve', 'do not ask for confirmation')
    .option('--out <file>', 'save the destroy plan for `dpac apply --plan FILE` instead of applying it')
    .addOption(
      new Option('--parallelism <n>', 'calls in flight at once (1-64; default: dpac.yaml, else 4)').argParser(
        parseParallelism,
      ),
    )
    .option(
      '--allow-mass-delete',
      'allow deleting more than max(5, 25%) of the managed objects of a kind (destroying more than five of a kind needs it)',
    )
    .option(
      '--cascade',
      'allow deleting a destroyed parent together with children this project does not own',
    );
  addFailOnOption(command);
  addPlanningOptions(command);
  return command.action(async (paths: string[], flags: Flags) => setExit(await destroy(io, paths, flags)));
});

async function destroy(io: CliIo, paths: string[], flags: Flags): Promise<number> {
  const style = styleFor(io, flags);
  const session = await planSession(io, paths, flags, { style, destroy: true });
  if (typeof session === 'number') return session;
  const { connection, plan } = session;
  try {
    const count = plan.changes.length;
    if (count === 0) {
      io.out(renderPlanText(plan, style).replace(/^No changes\..*$/m, 'Nothing to destroy.'));
      return EXIT.ok;
    }
    io.out(renderPlanText(plan, style, { full: true }));
    // What apply would refuse (a change policy, --fail-on) is said before saving or asking.
    const refusals = applyRefusals(session, io.env, flags.failOn);
    if (refusals.length > 0) {
      reportDiagnostics(io, refusals, style, session.project.root);
      io.err('Nothing was deleted.');
      return EXIT.error;
    }
    if (flags.out) {
      await writeFile(path.resolve(io.cwd, flags.out), `${renderJson(plan)}\n`, { mode: 0o600 });
      io.out(
        `\nSaved the destroy plan to ${flags.out}. Nothing was deleted: apply it with dpac apply --plan ${flags.out}.`,
      );
      return EXIT.ok;
    }
    if (!flags.autoApprove) {
      const answer = await confirmTwice(io, count, connection, session.project);
      if (answer !== true) return refused(io, answer);
    }
    return await runApply(io, style, plan, () =>
      apply(connection, session, { ...runOptions(io, plan), failOn: flags.failOn }),
    );
  } catch (error) {
    return reportFailure(io, error, style, session.project.root);
  } finally {
    await connection.client.close();
  }
}

/**
 * Twice, like a repository deletion: "yes", then the name of what is destroyed — the target in
 * force, else the project's name (dpac.yaml `project:`), else "yes" again. Without a terminal
 * to ask on, no.
 */
async function confirmTwice(
  io: CliIo,
  count: number,
  connection: Connection,
  project: LoadManifestsResult,
): Promise<boolean | 'no-terminal'> {
  if (!io.isTty || !io.ask) return 'no-terminal';
  const objects = `${count} object${count === 1 ? '' : 's'}`;
  const first = await io.ask(
    `\nDo you really want to destroy ${objects} on ${connection.url}? There is no undo. Only "yes" will be accepted: `,
  );
  if (first.trim() !== 'yes') return false;
  const [what, word] = connection.target
    ? [`the target name (${connection.target})`, connection.target]
    : project.project.project
      ? [`the project name (${project.project.project})`, project.project.project]
      : ['"yes" again', 'yes'];
  const second = await io.ask(`Type ${what} to destroy them: `);
  return second.trim() === word;
}

function refused(io: CliIo, answer: false | 'no-terminal'): number {
  if (answer === 'no-terminal') {
    io.err(
      'Refusing to destroy without confirmation: no terminal to ask on. Pass --auto-approve, or save the plan with `dpac destroy --out FILE`, review it and run `dpac apply --plan FILE`.',
    );
    return EXIT.error;
  }
  io.out('Destroy cancelled; nothing was deleted.');
  return EXIT.ok;
}
