// `dpac show FILE`: render a saved plan in any view.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { Plan } from '../../plan/plan.js';
import { renderCalls } from '../../render/render-calls.js';
import { renderPlanMarkdown } from '../../render/render-plan-markdown.js';
import { renderPlanText } from '../../render/render-plan-text.js';
import { EXIT } from '../exit-codes.js';
import { useColor } from '../io.js';
import { addColorOption } from '../options.js';
import { registerCommand } from '../program.js';

interface Flags {
  json?: boolean;
  markdown?: boolean;
  showCalls?: boolean;
  color?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('show')
    .description('Render a plan saved with `dpac plan --out FILE`.')
    .argument('<file>', 'the saved plan')
    .addOption(new Option('--json', 'print the plan as JSON').conflicts('markdown'))
    .option('--markdown', 'print the plan as Markdown')
    .option('--show-calls', 'also print the literal API calls');
  addColorOption(command);
  return command.action(async (file: string, flags: Flags) => {
    let plan: Plan;
    try {
      plan = JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')) as Plan;
      if (!Array.isArray(plan.calls) || !Array.isArray(plan.changes))
        throw new Error('not a dpac plan (no calls/changes)');
    } catch (error) {
      io.err(`Error: cannot read the saved plan ${file}: ${(error as Error).message}`);
      return setExit(EXIT.error);
    }
    const style = { color: useColor(io, flags.color) };
    if (flags.json) io.out(JSON.stringify(plan, null, 2));
    else if (flags.markdown) io.out(renderPlanMarkdown(plan));
    else {
      io.out(`Plan made ${plan.created_at} for ${plan.url} by dpac ${plan.tool_version}.\n`);
      io.out(renderPlanText(plan, style));
      if (flags.showCalls) io.out(`\n${renderCalls(plan.calls, style)}`);
    }
    setExit(EXIT.ok);
  });
});
