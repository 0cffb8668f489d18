// `npm run release [-- DIR]` (default release/): what a GitHub release of this version holds —
// dpac.mjs (the single-file bundle), dpac-X.Y.Z.tgz (the npm tarball, built by its prepack) and
// SHA256SUMS of both, which `sha256sum --check` reads and the dpac action checks the bundle
// against. Both carry the release stamp `dpac init` pins its pipeline files with: the bundle
// hashes its own file, the tarball holds release.json with the bundle's SHA-256; and both carry
// the commit, recorded only from a clean checkout (a dirty tree's commit is not what was built).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle } from './bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'release'));
const stampFile = path.join(root, 'release.json');

function git(...args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

/** HEAD, when the checkout has no change git sees; else undefined (said on stderr). */
function cleanCommit() {
  let commit;
  let changes;
  try {
    commit = git('rev-parse', 'HEAD');
    changes = git('status', '--porcelain');
  } catch {
    console.error(
      'release: not a git checkout; no commit recorded (pipelines will name the action by its tag).',
    );
    return undefined;
  }
  if (!changes) return commit;
  console.error(
    'release: the checkout has uncommitted changes; no commit recorded (pipelines will name the action by its tag).',
  );
  return undefined;
}

const sha256 = async (file) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

const commit = cleanCommit();
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const bundlePath = await bundle({ outfile: path.join(out, 'dpac.mjs'), release: { commit } });
const bundleSha256 = await sha256(bundlePath);
await writeFile(stampFile, `${JSON.stringify({ ...(commit ? { commit } : {}), bundleSha256 }, null, 2)}\n`);
let tarball;
try {
  const packed = execFileSync('npm', ['pack', '--loglevel=warn', '--pack-destination', out], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  tarball = packed
    .trim()
    .split('\n')
    .findLast((line) => line.endsWith('.tgz'));
} catch (error) {
  process.stdout.write(error.stdout ?? '');
  throw error;
} finally {
  await rm(stampFile, { force: true });
}
if (!tarball) throw new Error('release: npm pack named no tarball');
const sums = [];
for (const file of ['dpac.mjs', tarball]) sums.push(`${await sha256(path.join(out, file))}  ${file}\n`);
await writeFile(path.join(out, 'SHA256SUMS'), sums.join(''));
console.log(
  `release ${path.relative(process.cwd(), out) || '.'}: dpac.mjs, ${tarball}, SHA256SUMS${commit ? ` (commit ${commit})` : ''}`,
);
