// `dpac show FILE`: render a saved plan in any view.
import { Command } from 'commander';
import { readPlanFile } from '../../library.js';
import { PLAN_VIEWS } from '../../render/plan-views.js';
import { EXIT } from '../exit-codes.js';
import { addColorOption, addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends OutputFlags {
  showCalls?: boolean;
  full?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('show')
    .description('Render a plan saved with `dpac plan --out FILE`.')
    .argument('<file>', 'the saved plan')
    .option('--show-calls', 'also print the literal API calls (text output)')
    .option('--full', 'list every change (text output summarises big groups of creates and updates)');
  addOutputOption(command, PLAN_VIEWS, ['json', 'markdown']);
  addColorOption(command);
  return command.action(async (file: string, flags: Flags) => {
    const output = outputFor(io, flags, PLAN_VIEWS);
    // Showing runs nothing: the plan is read through its contract, its signature left to apply.
    const read = await readPlanFile(file, { cwd: io.cwd, env: io.env, verify: false });
    reportDiagnostics(io, read.diagnostics, output.style);
    const plan = read.plan;
    if (!plan) return setExit(EXIT.error);
    io.out(output.render({ plan, showCalls: flags.showCalls, full: flags.full, provenance: true }));
    setExit(EXIT.ok);
  });
});
