// Times `dpac export` of a large platform: a template source with tables is applied through the
// API, cloned straight into the emulator's store up to N sources × M tables, then served by a
// separate emulator process so the figure measures dpac. Optionally plans the export afterwards.
// Usage: node dist/bench/export-bench.js [SOURCES=100] [TABLES_PER_SOURCE=100] [--plan]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { noInterrupts } from '../cli/io.js';
import { runCli } from '../cli/run.js';
import { saveState } from '../emulator/persistence.js';
import { startEmulator } from '../emulator/server.js';
import type { Doc, Store } from '../emulator/store.js';
import { benchEnv } from './bench-env.js';
import { runBenchCli, seedPlatform } from './seed-platform.js';

export interface ExportFigures {
  tables: number;
  sources: number;
  export_ms: number;
  files: number;
  objects: number;
  plan_ms?: number;
  plan_no_changes?: boolean;
  peak_rss_mb: number;
}

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

export async function measureExport(options: {
  sources: number;
  tables: number;
  plan: boolean;
}): Promise<ExportFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dpac-export-bench-'));
  const dataFile = path.join(dir, 'state.json');
  let child: ChildProcess | undefined;
  try {
    await seedLargePlatform({ dir, dataFile, sources: options.sources, tables: options.tables });
    const served = await serveDataFile(dataFile);
    child = served.child;
    const run = await runBenchCli(['export', '--out', 'exported'], { dir, url: served.url });
    if (run.code !== 0) throw new Error(`export failed: ${run.stderr}`);
    const objects = Number(/Exported (\d+) objects/.exec(run.stdout)?.[1] ?? 0);
    const files = Number(/in (\d+) files/.exec(run.stdout)?.[1] ?? 0);
    const figures: ExportFigures = {
      tables: options.sources * options.tables,
      sources: options.sources,
      export_ms: Math.round(run.ms),
      files,
      objects,
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    if (options.plan) {
      const secrets = [...run.stdout.matchAll(/^ {2}([A-Z][A-Z0-9_]*) +\S+ \/\S*$/gm)].map((m) => [
        m[1],
        'x',
      ]);
      const stderr: string[] = [];
      const started = performance.now();
      const code = await runCli(['plan', 'exported', '--detailed-exitcode'], {
        out: () => {},
        err: (text) => stderr.push(text),
        env: { ...benchEnv(served.url), ...Object.fromEntries(secrets) },
        isTty: false,
        cwd: dir,
        interrupts: noInterrupts(),
      });
      figures.plan_ms = Math.round(performance.now() - started);
      figures.plan_no_changes = code === 0;
      if (code !== 0) process.stderr.write(`plan exited ${code}\n${stderr.join('\n')}\n`);
    }
    return figures;
  } finally {
    child?.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One source with tables applied through the API, then cloned in the store; saved to `dataFile`. */
export async function seedLargePlatform(options: {
  dir: string;
  dataFile: string;
  sources: number;
  tables: number;
}) {
  const emu = await startEmulator({ port: 0, quiet: true });
  try {
    const seeded = await seedPlatform({
      dir: path.join(options.dir, 'seed'),
      url: emu.url,
      shape: { sources: 1, tablesPerSource: 2, groupsPerSource: 0, tablesPerGroup: 0 },
    });
    if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    cloneSources(emu.store, options.sources, options.tables);
    saveState(options.dataFile, { version: 1, store: emu.store.snapshot(), journal: [] });
  } finally {
    await emu.close();
  }
}

function cloneSources(store: Store, sources: number, tables: number): void {
  const [source] = store.all('sources');
  if (!source) throw new Error('no template source');
  const templates = store.find('tables', (t) => t.source === source.id);
  const strip = ({ id: _id, ...rest }: Doc) => rest;
  for (let s = 0; s < sources; s++) {
    const name = `bench_src_${String(s).padStart(3, '0')}`;
    const copy =
      s === 0
        ? source
        : store.insert('sources', { ...strip(source), name, data_lake_path: `/iw/sources/${name}` });
    // The template source keeps its own (applied) tables; they count towards its share.
    for (let t = s === 0 ? templates.length : 0; t < tables; t++) {
      const template = templates[t % templates.length] as Doc;
      const tableName = `table_${String(t).padStart(4, '0')}`;
      store.insert('tables', {
        ...strip(template),
        source: copy.id,
        name: tableName,
        original_table_name: tableName,
        configuration: { ...(template.configuration as object), target_table_name: tableName },
      });
    }
  }
}

/** `dpac emulator --data FILE` in its own process; resolves with its URL. */
export function serveDataFile(dataFile: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0', '--data', dataFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const url = /listening on (\S+)/.exec(buffered)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  measureExport({
    sources: Number(args[0] ?? 100),
    tables: Number(args[1] ?? 100),
    plan: process.argv.includes('--plan'),
  })
    .then((figures) => process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`export bench: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
