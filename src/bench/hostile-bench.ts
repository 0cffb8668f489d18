// `npm run bench:hostile`: the real CLI (`dpac plan`, a fresh process) against loopback servers
// that misbehave the way proxies, gateways and overloaded platforms do — an endless list of 1 MB
// pages, a body dripped a byte every 5 s, a login that drips, a token endpoint that never answers.
// Each row: how the run ended (exit code, the error's first line), seconds to fail and the peak RSS
// (the kernel's high-water mark, VmHWM, polled; Linux only). Prints JSON on stdout and the rows on
// stderr. Usage: node dist/bench/hostile-bench.js [SCENARIO...] (default: all).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTargets, type TargetRow } from './bench-targets.js';
import { drip } from './drip.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));
const DRIP_EVERY_MS = 5_000;
/** Items per page and bytes per item of the endless list (the 1,000 × 1 KB). */
const PAGE_ITEMS = 1_000;
const ITEM_BYTES = 1_024;
/** The bounds the rows are held to (docs/decisions.md, "Hostile and failing servers"). */
const FAIL_WITHIN_S = 120;
const ENDLESS_RSS_MB = 512;
/** A run still going after this is killed and reported as such. */
const KILL_AFTER_MS = 600_000;

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

interface Scenario {
  name: string;
  figure: string;
  /** Credentials: a refresh token (default) or a username and password. */
  login?: boolean;
  /** Answers a request, or leaves it to the defaults (a token, an empty list). */
  answer: (path: string) => Answer | undefined;
  /** The row's bound on the finished run. */
  bound: { seconds?: number; rssMb?: number };
}

const SCENARIOS: Scenario[] = [
  {
    name: 'endless-pages',
    figure: `endless list of ${PAGE_ITEMS} × 1 KB pages (links.next forever)`,
    answer: (p) => (p === '/v3/admin/domains' ? endlessPage : undefined),
    bound: { rssMb: ENDLESS_RSS_MB },
  },
  {
    name: 'drip-list',
    figure: `a list whose body drips one byte every ${DRIP_EVERY_MS / 1000} s`,
    answer: (p) => (p === '/v3/admin/domains' ? dripping({ result: [] }) : undefined),
    bound: { seconds: FAIL_WITHIN_S },
  },
  {
    name: 'drip-login',
    figure: `login (username and password) dripping one byte every ${DRIP_EVERY_MS / 1000} s`,
    login: true,
    answer: (p) => (p === '/v3/security/authenticate' ? dripping(token()) : undefined),
    bound: { seconds: FAIL_WITHIN_S },
  },
  {
    name: 'silent-token',
    figure: 'a token endpoint that never answers',
    answer: (p) => (p === '/v3/security/token/access' ? () => {} : undefined),
    bound: { seconds: FAIL_WITHIN_S },
  },
];

const token = () => ({ result: { authentication_token: 'hostile-bench-token' } });

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A full page of distinct domain-shaped items of ITEM_BYTES each (a platform id, ids of
 * environments and users, audit fields, a description padding it out), and a link to the next
 * page, forever.
 */
function endlessPage(req: IncomingMessage, res: ServerResponse): void {
  const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0);
  const hex = (n: number) => n.toString(16).padStart(24, '0');
  const items = Array.from({ length: PAGE_ITEMS }, (_, i) => {
    const n = offset + i;
    const item = {
      id: hex(n),
      name: `d${n}`,
      environment_ids: [hex(n + 1), hex(n + 2), hex(n + 3)],
      users: ['aB3dE5gH7jK9mN1pQ', 'rS2tU4vW6xY8zA0bC', 'dE1fG3hJ5kL7mN9pR'],
      created_at: '2024-05-01T10:00:00.000Z',
      created_by: 'aB3dE5gH7jK9mN1pQ',
      modified_at: '2024-05-02T10:00:00.000Z',
      modified_by: 'rS2tU4vW6xY8zA0bC',
      description: '',
    };
    item.description = 'x'.repeat(Math.max(0, ITEM_BYTES - JSON.stringify(item).length));
    return JSON.stringify(item);
  });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    `{"result":[${items.join(',')}],"links":{"next":"/v3/admin/domains?offset=${offset + PAGE_ITEMS}"}}`,
  );
}

/** The body of a JSON answer a byte every DRIP_EVERY_MS. */
function dripping(body: unknown): Answer {
  return (_req, res) => drip(res, body, DRIP_EVERY_MS);
}

async function serve(scenario: Scenario): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    const p = (req.url ?? '/').split('?')[0] ?? '/';
    const answer = scenario.answer(p);
    if (answer) return answer(req, res);
    if (p.startsWith('/v3/security/')) return sendJson(res, token());
    sendJson(res, { result: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3` };
}

/** VmHWM of a live process in MB, or undefined off Linux (or once it has exited). */
function peakRssMb(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

interface Outcome {
  scenario: string;
  code: number | null;
  signal: string | null;
  seconds: number;
  peak_rss_mb?: number;
  /** The first line of stderr: the error a user sees. */
  error: string;
}

async function runScenario(scenario: Scenario, dir: string): Promise<Outcome> {
  const { server, url } = await serve(scenario);
  const credentials = scenario.login
    ? { DPAC_USERNAME: 'bench', DPAC_PASSWORD: 'bench-password' }
    : { DPAC_REFRESH_TOKEN: 'bench-refresh-token' };
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'plan', dir], {
    env: { PATH: process.env.PATH ?? '', DPAC_URL: url, ...credentials },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
  });
  let peak: number | undefined;
  const poll = setInterval(() => {
    const now = child.pid === undefined ? undefined : peakRssMb(child.pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  }, 50);
  const kill = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.on('exit', (c, s) => resolve([c, s])),
  );
  clearInterval(poll);
  clearTimeout(kill);
  server.closeAllConnections();
  server.close();
  return {
    scenario: scenario.name,
    code,
    signal,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...(peak === undefined ? {} : { peak_rss_mb: peak }),
    error: stderr.split('\n').find((line) => line.trim() !== '') ?? '',
  };
}

function rowOf(scenario: Scenario, outcome: Outcome): TargetRow {
  const { seconds, rssMb } = scenario.bound;
  const bounds = [
    'exit 1 with a located error',
    ...(seconds === undefined ? [] : [`≤ ${seconds} s`]),
    ...(rssMb === undefined ? [] : [`peak RSS ≤ ${rssMb} MB`]),
  ];
  const rss = outcome.peak_rss_mb === undefined ? 'not measured' : `${outcome.peak_rss_mb} MB`;
  return {
    figure: scenario.figure,
    target: bounds.join(', '),
    measured: `exit ${outcome.code ?? outcome.signal} after ${outcome.seconds} s, peak RSS ${rss}: ${outcome.error}`,
    met:
      outcome.code === 1 &&
      /^Error: Could not /.test(outcome.error) &&
      (seconds === undefined || outcome.seconds <= seconds) &&
      (rssMb === undefined || (outcome.peak_rss_mb !== undefined && outcome.peak_rss_mb <= rssMb)),
  };
}

const DOMAIN = 'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: sales\nspec:\n  description: Sales.\n';

async function main(names: readonly string[]): Promise<void> {
  const chosen = names.length ? SCENARIOS.filter((s) => names.includes(s.name)) : SCENARIOS;
  if (chosen.length === 0) throw new Error(`scenarios: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'dpac-hostile-bench-'));
  const loadAtStart = loadavg().map((n) => Math.round(n * 100) / 100);
  try {
    await writeFile(path.join(dir, 'domain.yaml'), DOMAIN);
    const outcomes: Outcome[] = [];
    const rows: TargetRow[] = [];
    for (const scenario of chosen) {
      process.stderr.write(`hostile-bench: ${scenario.name}…\n`);
      const outcome = await runScenario(scenario, dir);
      outcomes.push(outcome);
      rows.push(rowOf(scenario, outcome));
    }
    process.stdout.write(`${JSON.stringify({ load_at_start: loadAtStart, outcomes, rows }, null, 2)}\n`);
    process.stderr.write(`\n${renderTargets(rows, 'Hostile servers (issue 26)')}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`hostile-bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
