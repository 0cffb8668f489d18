// `npm run bundle`: the whole CLI in one file, bundle/dpac.mjs, for CI images without npm
// (`node dpac.mjs plan …`). esbuild inlines every dependency; the project templates that
// `dpac init` copies are inlined too (src/init/templates.ts is swapped for a generated module),
// since there is no package folder next to the file to read them from.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'bundle/dpac.mjs');

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

const inlineTemplates = {
  name: 'inline-templates',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/]init[\\/]template-files\.ts$/ }, async () => ({
      contents: `export const readTemplateFiles = async () => (${JSON.stringify(await readTemplates())});`,
      loader: 'ts',
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
  plugins: [inlineTemplates],
  legalComments: 'eof',
  logLevel: 'warning',
});
console.log(`wrote ${path.relative(process.cwd(), outfile)}`);
