// Runs one job of a GitHub Actions workflow file the way the runner does, for the workflow tests:
// `run:` steps in order through `bash --noprofile --norc -eo pipefail`, each with the workflow's,
// job's and step's `env:` (their `${{ … }}` expressions resolved from a faked context), its own
// $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY files, stopping at the first failing step. A composite
// action named in the context (the dpac action under test) runs for real: its steps in turn, with
// its `inputs` (defaults, then the step's `with:`), the calling step's env, $GITHUB_ACTION_PATH and
// its declared outputs. Other actions are faked explicitly (checkout and setup-node: the workspace
// and node are there already; upload-artifact: the files are copied aside); any other action, a
// step `if:`, or an expression inside a script fails the test instead of being skipped silently.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  'working-directory'?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface Workflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<
    string,
    {
      env?: Record<string, string>;
      permissions?: Record<string, string>;
      environment?: string;
      steps: Step[];
    }
  >;
}

interface ActionFile {
  inputs?: Record<string, { default?: string; required?: boolean }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface StepRun {
  name: string;
  /** What the step ran, or the action it used. */
  uses?: string;
  code: number;
  stdout: string;
  stderr: string;
  /** The env the workflow gave the step (workflow, job and step `env:`), not the runner's own. */
  env: Record<string, string>;
  /** A composite action's own steps. */
  steps?: StepRun[];
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
  /** Scratch space for the runner's files (outputs, summaries, artifacts): $RUNNER_TEMP. */
  runnerTemp: string;
  /** PATH, GITHUB_* and the rest of the runner's environment. */
  env: Record<string, string>;
  secrets: Record<string, string>;
  vars: Record<string, string>;
  github: Record<string, unknown>;
  /** Composite actions run for real: `owner/name` (any @ref) → the folder holding its action.yml. */
  actions?: Record<string, string>;
}

/** The expressions' view of a run: the context plus `steps`, and inside an action `inputs`. */
type Scope = Context & { steps: Record<string, { outputs: Record<string, string> }>; inputs?: object };

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
    const scope: Scope = { ...context, steps: mapOutputs({ ...declared(job.steps), ...run.outputs }) };
    const given = {
      ...resolveEnv(workflow.env, scope),
      ...resolveEnv(job.env, scope),
      ...resolveEnv(step.env, scope),
    };
    const result = await runStep(step, `${index}`, given, scope, run);
    run.steps.push(result.step);
    if (step.id) run.outputs[step.id] = result.outputs;
    if (result.step.code !== 0) {
      run.code = result.step.code;
      break;
    }
  }
  return run;
}

async function runStep(
  step: Step,
  key: string,
  given: Record<string, string>,
  scope: Scope,
  run: JobRun,
): Promise<{ step: StepRun; outputs: Record<string, string> }> {
  if (step.if !== undefined) throw new Error(`step ${key}: if: is not emulated (${step.if})`);
  const name = step.name ?? step.uses ?? `step ${key}`;
  if (step.uses) {
    const folder = scope.actions?.[step.uses.split('@')[0] ?? ''];
    if (folder) return runComposite(step, name, folder, key, given, scope, run);
    await fakeAction(step, scope, run);
    return { step: { name, uses: step.uses, code: 0, stdout: '', stderr: '', env: given }, outputs: {} };
  }
  const script = step.run ?? '';
  if (script.includes('${{')) throw new Error(`${name}: an expression inside a script (use env:)`);
  const env = {
    ...scope.env,
    ...given,
    RUNNER_TEMP: scope.runnerTemp,
    GITHUB_OUTPUT: path.join(scope.runnerTemp, `output-${key}`),
    GITHUB_STEP_SUMMARY: path.join(scope.runnerTemp, `summary-${key}`),
  };
  await writeFile(env.GITHUB_OUTPUT, '');
  await writeFile(env.GITHUB_STEP_SUMMARY, '');
  const cwd = path.resolve(scope.workspace, resolve(step['working-directory'] ?? '.', scope));
  const result = await bash(script, cwd, env, path.join(scope.runnerTemp, `step-${key}.sh`));
  run.summary += await readFile(env.GITHUB_STEP_SUMMARY, 'utf8');
  const outputs = parseOutputs(await readFile(env.GITHUB_OUTPUT, 'utf8'));
  return { step: { name, ...result, env: given }, outputs };
}

/** A composite action's steps, as the runner runs them inside the calling step. */
async function runComposite(
  step: Step,
  name: string,
  folder: string,
  key: string,
  given: Record<string, string>,
  scope: Scope,
  run: JobRun,
): Promise<{ step: StepRun; outputs: Record<string, string> }> {
  const action = parse(await readFile(path.join(folder, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error(`${step.uses}: not a composite action`);
  const inputs: Record<string, string> = {};
  for (const [input, spec] of Object.entries(action.inputs ?? {})) {
    const value = step.with?.[input] ?? spec.default ?? '';
    if (spec.required && step.with?.[input] === undefined)
      throw new Error(`${name}: input ${input} is required`);
    inputs[input] = resolve(String(value), scope);
  }
  for (const input of Object.keys(step.with ?? {}))
    if (!(input in inputs)) throw new Error(`${name}: ${step.uses} has no input ${input}`);
  const own: Record<string, Record<string, string>> = {};
  const inner: StepRun[] = [];
  const actionScope = (): Scope => ({
    ...scope,
    env: { ...scope.env, GITHUB_ACTION_PATH: folder },
    github: { ...scope.github, action_path: folder },
    inputs,
    steps: mapOutputs({ ...declared(action.runs.steps), ...own }),
  });
  for (const [index, innerStep] of action.runs.steps.entries()) {
    if (innerStep.run !== undefined && innerStep.shell === undefined)
      throw new Error(`${step.uses} step ${index}: a composite run step needs shell:`);
    const innerScope = actionScope();
    const innerGiven = { ...given, ...resolveEnv(innerStep.env, innerScope) };
    const result = await runStep(innerStep, `${key}-${index}`, innerGiven, innerScope, run);
    inner.push(result.step);
    if (innerStep.id) own[innerStep.id] = result.outputs;
    if (result.step.code !== 0) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs ?? {}).map(([output, spec]) => [
      output,
      resolve(spec.value, actionScope()),
    ]),
  );
  const failed = inner.find((s) => s.code !== 0);
  return {
    step: {
      name,
      uses: step.uses,
      code: failed?.code ?? 0,
      stdout: inner.map((s) => s.stdout).join(''),
      stderr: inner.map((s) => s.stderr).join(''),
      env: given,
      steps: inner,
    },
    outputs,
  };
}

async function fakeAction(step: Step, scope: Scope, run: JobRun): Promise<void> {
  const action = step.uses?.split('@')[0];
  if (action === 'actions/checkout' || action === 'actions/setup-node') return;
  if (action !== 'actions/upload-artifact') throw new Error(`action ${step.uses} is not faked`);
  const name = step.with?.name ?? 'artifact';
  const folder = path.join(scope.runnerTemp, 'artifacts', name);
  await mkdir(folder, { recursive: true });
  for (const file of (step.with?.path ?? '').split('\n').filter(Boolean)) {
    // upload-artifact would only warn about a missing file; a missing plan is a failure here.
    await cp(path.join(scope.workspace, file), path.join(folder, path.basename(file)));
  }
  run.artifacts[name] = folder;
}

function resolveEnv(env: Record<string, string> | undefined, scope: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env ?? {}).map(([key, value]) => [key, resolve(String(value), scope)]),
  );
}

function resolve(value: string, scope: object): string {
  return value.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => lookUp(scope, expression));
}

/**
 * Only property paths (`secrets.X`, `steps.id.outputs.y`…): anything else fails the test, and so
 * does a name the faked context lacks (a misspelt secret would be empty on GitHub, and pass
 * unnoticed). Two exceptions are empty, as on GitHub: what an event's payload lacks (a schedule's
 * payload has no repository), and an output a step that ran did not set (it failed first).
 */
function lookUp(scope: object, expression: string): string {
  const keys = expression.split('.');
  const lenientFrom = keys[0] === 'github' && keys[1] === 'event' ? 2 : keys[0] === 'steps' ? 3 : keys.length;
  let value: unknown = scope;
  for (const [depth, key] of keys.entries()) {
    if (value === null || typeof value !== 'object' || !(key in value)) {
      if (depth >= lenientFrom) return '';
      throw new Error(`expression ${expression} is not in the faked context`);
    }
    value = (value as Record<string, unknown>)[key];
  }
  return String(value);
}

/** Steps with an id have outputs, empty until they run (a step skipped after a failure stays so). */
function declared(steps: Step[]): JobRun['outputs'] {
  return Object.fromEntries(steps.flatMap((s) => (s.id ? [[s.id, {}]] : [])));
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
