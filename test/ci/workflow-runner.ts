// Runs one job of a GitHub Actions workflow file the way the runner does, for the workflow tests:
// `run:` steps in order through `bash --noprofile --norc -eo pipefail`, each with the workflow's,
// job's and step's `env:` (their `${{ … }}` expressions resolved from a faked context), its own
// $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY files, stopping at the first failing step. Steps that
// `uses:` an action are faked explicitly (checkout and setup-node: the workspace and node are
// there already; upload-artifact: the files are copied aside); any other action, a step `if:`, or
// an expression inside a script fails the test instead of being skipped silently.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface Workflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
}

interface StepRun {
  name: string;
  code: number;
  stdout: string;
  stderr: string;
}

export interface JobRun {
  steps: StepRun[];
  /** 0 when every step passed, else the failing step's exit code. */
  code: number;
  /** Every step's $GITHUB_STEP_SUMMARY, in order. */
  summary: string;
  /** Uploaded artifact name → folder holding its files. */
  artifacts: Record<string, string>;
  outputs: Record<string, Record<string, string>>;
}

export interface Context {
  /** The checked-out repository: every step's working directory. */
  workspace: string;
  /** Scratch space for the runner's files (outputs, summaries, artifacts). */
  runnerTemp: string;
  /** PATH, GITHUB_* and the rest of the runner's environment. */
  env: Record<string, string>;
  secrets: Record<string, string>;
  vars: Record<string, string>;
  github: Record<string, unknown>;
}

export async function readWorkflow(file: string): Promise<Workflow> {
  return parse(await readFile(file, 'utf8')) as Workflow;
}

export async function runJob(workflow: Workflow, jobName: string, context: Context): Promise<JobRun> {
  const job = workflow.jobs[jobName];
  if (!job) throw new Error(`no job ${jobName}`);
  const run: JobRun = { steps: [], code: 0, summary: '', artifacts: {}, outputs: {} };
  await rm(context.runnerTemp, { recursive: true, force: true });
  await mkdir(context.runnerTemp, { recursive: true });
  for (const [index, step] of job.steps.entries()) {
    if (step.if !== undefined) throw new Error(`step ${index}: if: is not emulated (${step.if})`);
    const name = step.name ?? step.uses ?? `step ${index}`;
    if (step.uses) {
      await fakeAction(step, context, run);
      run.steps.push({ name, code: 0, stdout: '', stderr: '' });
      continue;
    }
    const script = step.run ?? '';
    if (script.includes('${{')) throw new Error(`${name}: an expression inside a script (use env:)`);
    const expressions = { ...context, steps: mapOutputs(run.outputs) };
    const env = {
      ...context.env,
      ...resolveEnv(workflow.env, expressions),
      ...resolveEnv(job.env, expressions),
      ...resolveEnv(step.env, expressions),
      GITHUB_OUTPUT: path.join(context.runnerTemp, `output-${index}`),
      GITHUB_STEP_SUMMARY: path.join(context.runnerTemp, `summary-${index}`),
    };
    await writeFile(env.GITHUB_OUTPUT, '');
    await writeFile(env.GITHUB_STEP_SUMMARY, '');
    const result = await bash(
      script,
      context.workspace,
      env,
      path.join(context.runnerTemp, `step-${index}.sh`),
    );
    run.steps.push({ name, ...result });
    run.summary += await readFile(env.GITHUB_STEP_SUMMARY, 'utf8');
    if (step.id) run.outputs[step.id] = parseOutputs(await readFile(env.GITHUB_OUTPUT, 'utf8'));
    if (result.code !== 0) {
      run.code = result.code;
      break;
    }
  }
  return run;
}

async function fakeAction(step: Step, context: Context, run: JobRun): Promise<void> {
  const action = step.uses?.split('@')[0];
  if (action === 'actions/checkout' || action === 'actions/setup-node') return;
  if (action !== 'actions/upload-artifact') throw new Error(`action ${step.uses} is not faked`);
  const name = step.with?.name ?? 'artifact';
  const folder = path.join(context.runnerTemp, 'artifacts', name);
  await mkdir(folder, { recursive: true });
  for (const file of (step.with?.path ?? '').split('\n').filter(Boolean)) {
    // upload-artifact would only warn about a missing file; a missing plan is a failure here.
    await cp(path.join(context.workspace, file), path.join(folder, path.basename(file)));
  }
  run.artifacts[name] = folder;
}

function resolveEnv(env: Record<string, string> | undefined, context: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env ?? {}).map(([key, value]) => [
      key,
      String(value).replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) =>
        lookUp(context, expression),
      ),
    ]),
  );
}

/** Only property paths (`secrets.X`, `steps.id.outputs.y`…): anything else fails the test. */
function lookUp(context: object, expression: string): string {
  let value: unknown = context;
  for (const key of expression.split('.')) {
    if (value === null || typeof value !== 'object' || !(key in value))
      throw new Error(`expression ${expression} is not in the faked context`);
    value = (value as Record<string, unknown>)[key];
  }
  return String(value);
}

function mapOutputs(outputs: JobRun['outputs']) {
  return Object.fromEntries(Object.entries(outputs).map(([id, values]) => [id, { outputs: values }]));
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of text.split('\n').filter(Boolean)) {
    const at = line.indexOf('=');
    if (at < 0) throw new Error(`GITHUB_OUTPUT line not emulated: ${line}`);
    outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

async function bash(script: string, cwd: string, env: Record<string, string>, file: string) {
  await writeFile(file, script);
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { cwd, env });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  return {
    code,
    stdout: Buffer.concat(stdout).toString('utf8'),
    stderr: Buffer.concat(stderr).toString('utf8'),
  };
}
