// `--fail-on IMPACTS` of plan and apply: parsed here, checked by the library (planGates, and
// apply's own refusals), which says why a plan must not pass.
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Impact } from '../core/field-policy.js';
import { parseFailOn } from '../plan/impact/gate.js';

export interface GateFlags {
  failOn?: Impact[];
}

export function addFailOnOption(command: Command): Command {
  return command.addOption(
    new Option(
      '--fail-on <IMPACTS>',
      'exit 1 when a planned change has one of these data impacts unacknowledged (comma-separated: metadata, next-run, unknown, reload, history, delete; docs/data-impact.md)',
    ).argParser((value) => {
      const parsed = parseFailOn(value);
      if ('error' in parsed) throw new InvalidArgumentError(parsed.error);
      return parsed.impacts;
    }),
  );
}
