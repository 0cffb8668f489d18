// `dpac init [DIR]`: a new project — dpac.yaml with every key documented, a manifests/ folder with
// one example, a .gitignore for plan files, the JSON Schema for editors, and with `--ci github|gitlab`
// the pipeline files (docs/ci.md). Writes nothing when any of its files exists, unless --force.
import path from 'node:path';
import { Command, Option } from 'commander';
import { writeFiles } from '../../export/write-files.js';
import { CI_SYSTEMS, type CiSystem, scaffoldFiles } from '../../init/scaffold.js';
import { EXIT } from '../exit-codes.js';
import { registerCommand } from '../program.js';

interface Flags {
  ci?: CiSystem;
  force?: boolean;
}

registerCommand((io, setExit) =>
  new Command('init')
    .description('Scaffold a project: dpac.yaml, an example manifest, .gitignore and CI pipeline files.')
    .argument('[dir]', 'the project folder (created if missing; default: the current folder)')
    .addOption(new Option('--ci <system>', 'also write the pipeline files of this CI').choices(CI_SYSTEMS))
    .option('--force', 'overwrite files that already exist')
    .action(async (dir: string = '.', flags: Flags) => {
      const root = path.resolve(io.cwd, dir);
      // The folder names the project (`/` has no name: a neutral one then).
      const files = await scaffoldFiles({ name: path.basename(root) || 'platform', ci: flags.ci });
      const written = await writeFiles(root, files, flags.force === true);
      if (!written.ok) {
        io.err(
          `Error: ${written.existing.length} file(s) already exist in ${dir}; nothing was written. ` +
            'Pass --force to overwrite them.',
        );
        for (const file of written.existing) io.err(`  ${file}`);
        return setExit(EXIT.error);
      }
      io.out(`Wrote ${written.written.length} files in ${dir}:`);
      for (const file of written.written) io.out(`  ${file}`);
      io.out(nextSteps(dir, flags.ci));
      setExit(EXIT.ok);
    }),
);

function nextSteps(dir: string, ci: CiSystem | undefined): string {
  const lines = [
    '',
    'Next:',
    ...(dir === '.' ? [] : [`  cd ${dir}`]),
    '  dpac validate     (offline checks)',
    '  export DPAC_URL=https://platform.example.com/v3 DPAC_REFRESH_TOKEN=...',
    '  dpac plan         (what would change)',
  ];
  if (ci)
    lines.push(
      '  then, in the CI settings: DPAC_URL, a read-only DPAC_REFRESH_TOKEN for plan and drift, and the',
      '  dpac-production environment (default branch only) with the writing one (docs/ci.md in dpac)',
    );
  return lines.join('\n');
}
