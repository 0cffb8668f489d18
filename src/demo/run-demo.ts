// `npm start`: the demo. Starts the emulator in-process with the demo seed, then walks the real CLI
// through plan → apply → an empty plan → an out-of-band change → drift → re-apply. Loopback only.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliIo, noInterrupts } from '../cli/io.js';
import { styleFor } from '../cli/output.js';
import { runCli } from '../cli/run.js';
import { startEmulator } from '../emulator/server.js';
import { paint } from '../render/style.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Demo-only values for the secrets the examples reference (never printed). */
const DEMO_SECRETS = {
  SALES_DB_PASSWORD: 'demo-sales-db-password',
  DATABRICKS_TOKEN: 'demo-databricks-token',
  LAKE_ACCESS_KEY: 'demo-lake-access-key',
  ALICE_PASSWORD: 'demo-alice-password',
  BOB_PASSWORD: 'demo-bob-password',
  WAREHOUSE_PASSWORD: 'demo-warehouse-password',
};

const style = styleFor({ isTty: Boolean(process.stdout.isTTY), env: process.env });
const bold = (t: string) => paint(style, 'bold', t);

async function main(): Promise<number> {
  const started = Date.now();
  const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
  const env = {
    ...process.env,
    DPAC_URL: emulator.url,
    DPAC_REFRESH_TOKEN: emulator.adminRefreshToken,
    ...DEMO_SECRETS,
  };
  const fold = foldRepeatedUnmanaged();
  const io: CliIo = {
    out: (t) => {
      const shown = fold(t);
      process.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
    },
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    env,
    isTty: false,
    cwd: ROOT,
    interrupts: noInterrupts(),
  };
  const dpac = async (args: string[], expected: number) => {
    io.out(`\n${bold(`$ dpac ${args.join(' ')}`)}`);
    const code = await runCli(args, io);
    io.out(`(exit ${code})`);
    if (code !== expected) throw new Error(`dpac ${args.join(' ')} exited ${code}, expected ${expected}`);
  };
  const step = (n: number, text: string) =>
    io.out(`\n${bold(`── ${n}/6 ${text} ${'─'.repeat(Math.max(0, 60 - text.length))}`)}`);
  try {
    io.out(bold('dpac demo: the example platform in examples/, against the embedded v3 emulator'));
    io.out(
      `The emulator runs at ${emulator.url} with a small seeded platform (environment demo-sandbox, ...).`,
    );

    step(1, 'Validate the manifests offline');
    await dpac(['validate', 'examples'], 0);

    step(2, 'Plan: what would change, and the exact API calls');
    await dpac(['plan', 'examples', '--detailed-exitcode', '--no-color'], 2);

    step(3, 'Apply, then plan again: nothing left to do');
    await dpac(['apply', 'examples', '--auto-approve', '--no-color'], 0);
    const writes = emulator.journal().length;
    await dpac(['plan', 'examples', '--detailed-exitcode', '--no-color'], 0);

    step(4, 'Someone changes the platform by hand (through the API)');
    await changeOutOfBand(emulator.url, emulator.adminRefreshToken, io);

    step(5, 'Drift: a read-only plan (exit 2 on drift; the emulator journal shows no write)');
    const before = emulator.journal().length;
    await dpac(['drift', 'examples', '--no-color'], 2);
    io.out(`Writes sent by drift: ${emulator.journal().length - before}.`);

    step(6, 'Apply again: live converges back to the manifests');
    await dpac(['apply', 'examples', '--auto-approve', '--no-color'], 0);
    await dpac(['drift', 'examples', '--no-color'], 0);

    io.out(
      `\n${bold('Done')} in ${((Date.now() - started) / 1000).toFixed(1)} s. The first apply committed ${writes} writes; the re-apply only what drifted.`,
    );
    io.out(
      [
        '',
        'What to try next:',
        '  npx dpac emulator --seed demo          # a long-running emulator; it prints the URL and a refresh token',
        '  export DPAC_URL=... DPAC_REFRESH_TOKEN=... SALES_DB_PASSWORD=...   # and the other ${env} secrets',
        '  npx dpac plan examples --out plan.json && npx dpac show plan.json --markdown',
        '  npx dpac apply --plan plan.json',
        '  npx dpac export --out exported/        # turn a live platform into manifests',
        '  npx dpac graph examples --format mermaid',
      ].join('\n'),
    );
    return 0;
  } finally {
    await emulator.close();
  }
}

/** What a colleague clicking in the UI would do: lower a table group's parallelism, edit a domain. */
async function changeOutOfBand(url: string, refreshToken: string, io: CliIo): Promise<void> {
  const token = (await fetch(`${url}/security/token/access`, {
    headers: { Authorization: `Basic ${refreshToken}` },
  }).then((r) => r.json())) as { result: { authentication_token: string } };
  const headers = {
    Authorization: `Bearer ${token.result.authentication_token}`,
    'Content-Type': 'application/json',
  };
  const find = async (listPath: string, name: string) => {
    const body = (await fetch(`${url}${listPath}?filter=${encodeURIComponent(JSON.stringify({ name }))}`, {
      headers,
    }).then((r) => r.json())) as {
      result: { id: string }[];
    };
    const id = body.result[0]?.id;
    if (!id) throw new Error(`demo: ${name} not found`);
    return id;
  };
  const domainId = await find('/admin/domains', 'sales');
  await fetch(`${url}/domains/${domainId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ description: 'edited in the UI' }),
  });
  io.out('PATCH /v3/domains/<sales> {"description": "edited in the UI"}');
  const sourceId = await find('/sources', 'sales_db');
  const tgId = await find(`/sources/${sourceId}/table-groups`, 'sales_nightly');
  const tg = (await fetch(`${url}/sources/${sourceId}/table-groups/${tgId}`, { headers }).then((r) =>
    r.json(),
  )) as { result: TableGroupRecord };
  // The fields the update takes (the record read also holds ids and audit fields it refuses).
  const { name, environment_compute_template, max_connections, tables } = tg.result;
  const put = await fetch(`${url}/sources/${sourceId}/table-groups/${tgId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      name,
      environment_compute_template,
      max_connections,
      max_parallel_entities: 8,
      tables: tables.map(({ table_id, connection_quota }) => ({ table_id, connection_quota })),
    }),
  });
  if (!put.ok) throw new Error(`demo: the table group update was refused (${put.status})`);
  io.out('PUT  /v3/sources/<sales_db>/table-groups/<sales_nightly> with max_parallel_entities: 8');
}

interface TableGroupRecord {
  name: string;
  environment_compute_template: unknown;
  max_connections: number;
  tables: { table_id: string; connection_quota: number }[];
}

/**
 * Every plan, apply and drift of the demo ends with the same live objects left untouched (the
 * seeded platform's own): shown in full the first time, then as one line, so each step's output
 * is what changed.
 */
function foldRepeatedUnmanaged(): (text: string) => string {
  const shown = new Set<string>();
  return (text) =>
    text.replace(UNMANAGED_BLOCK, (block: string, count: string) => {
      const key = block.trimEnd();
      if (!shown.has(key)) {
        shown.add(key);
        return block;
      }
      return `(the same ${count} live objects not managed here, left untouched as above)${block.endsWith('\n') ? '\n' : ''}`;
    });
}

/** The list render/render-unmanaged.ts prints: its head line, then its indented lines. */
const UNMANAGED_BLOCK =
  /^(\d+) live objects? (?:is|are) not managed here and left untouched:\n(?: {2}.*(?:\n|$))*/m;

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
