// Reading a plan saved with `dpac plan --out FILE` (show, apply --plan): a plan, or an error line.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plan } from '../plan/plan.js';
import type { CliIo } from './io.js';

export async function readSavedPlan(io: CliIo, file: string): Promise<Plan | undefined> {
  try {
    const plan = JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')) as Plan;
    if (!Array.isArray(plan.calls) || !Array.isArray(plan.changes))
      throw new Error('not a dpac plan (no calls/changes)');
    return plan;
  } catch (error) {
    io.err(`Error: cannot read the saved plan ${file}: ${(error as Error).message}`);
    return undefined;
  }
}
