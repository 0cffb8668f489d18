// `npm run bundle`: the whole CLI in one file, bundle/dpac.mjs, for CI images without npm
// (`node dpac.mjs plan …`). esbuild inlines every dependency; two modules are swapped for
// generated ones, since there is no package folder next to the file to read from: the templates
// `dpac init` copies (src/init/template-files.ts) and what those templates pin
// (src/init/release-pin.ts: the repository, and for a release build its commit and the bundle's
// own SHA-256, hashed from the running file).
// `node scripts/bundle.mjs [--out FILE] [--release [--commit SHA]]`; `npm run release` calls bundle().
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Every file under templates/, relative path → text. */
async function readTemplates() {
  const dir = path.join(root, 'templates');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full).split(path.sep).join('/')] = await readFile(full, 'utf8');
  }
  return files;
}

/** The release-pin module of the bundle: a release build pins its own file's digest. */
async function releasePinModule(release) {
  const { repository } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const stamp = release ? { ...(release.commit ? { commit: release.commit } : {}) } : undefined;
  return `
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { repositoryName } from './repository.ts';
const STAMP = ${JSON.stringify(stamp)};
export async function releasePin() {
  const pin = { repository: repositoryName(${JSON.stringify(repository)}) };
  if (!STAMP) return pin;
  const self = await readFile(fileURLToPath(import.meta.url));
  return { ...pin, ...STAMP, bundleSha256: createHash('sha256').update(self).digest('hex') };
}`;
}

/** `release`: undefined for a development bundle, else `{ commit? }` (the released commit). */
export async function bundle({ outfile = path.join(root, 'bundle/dpac.mjs'), release } = {}) {
  const swapped = {
    'template-files.ts': async () =>
      `export const readTemplateFiles = async () => (${JSON.stringify(await readTemplates())});`,
    'release-pin.ts': () => releasePinModule(release),
  };
  const swapInitModules = {
    name: 'swap-init-modules',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src[\\/]init[\\/](template-files|release-pin)\.ts$/ }, async (args) => ({
        contents: await swapped[path.basename(args.path)](),
        loader: 'ts',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
  await build({
    entryPoints: [path.join(root, 'src/cli/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Dependencies written as CommonJS call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    plugins: [swapInitModules],
    legalComments: 'eof',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, release: { type: 'boolean' }, commit: { type: 'string' } },
  });
  const outfile = await bundle({
    outfile: values.out && path.resolve(values.out),
    release: values.release ? { commit: values.commit } : undefined,
  });
  console.log(`wrote ${path.relative(process.cwd(), outfile)}`);
}
