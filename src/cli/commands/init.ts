// `dpac init [DIR]`: a new project — dpac.yaml with every key documented, a manifests/ folder with
// one example, a .gitignore for plan files, the JSON Schema for editors, and with `--ci github|gitlab`
// the pipeline files (docs/ci.md). In a folder that already holds a project, `--ci` adds the
// pipeline files alone. Writes nothing when any of its files exists, unless --force.
import path from 'node:path';
import { Command, Option } from 'commander';
import { writeFiles } from '../../export/write-files.js';
import { CI_SYSTEMS, type CiSystem, initFiles } from '../../init/scaffold.js';
import { EXIT } from '../exit-codes.js';
import { registerCommand } from '../program.js';

interface Flags {
  ci?: CiSystem;
  force?: boolean;
}

registerCommand((io, setExit) =>
  new Command('init')
    .description(
      'Scaffold a project: dpac.yaml, an example manifest, .gitignore and CI pipeline files (in an existing project, --ci adds the pipeline files alone).',
    )
    .argument('[dir]', 'the project folder (created if missing; default: the current folder)')
    .addOption(new Option('--ci <system>', 'also write the pipeline files of this CI').choices(CI_SYSTEMS))
    .option(
      '--force',
      'overwrite files that already exist (with --ci in an existing project: the pipeline files)',
    )
    .action(async (given: string | undefined, flags: Flags) => {
      const dir = given ?? '.';
      const { files, ciOnly } = await initFiles(path.resolve(io.cwd, dir), { ci: flags.ci });
      const written = await writeFiles(path.resolve(io.cwd, dir), files, flags.force === true);
      if (!written.ok) {
        io.err(
          `Error: ${written.existing.length} file(s) already exist in ${dir}; nothing was written. ` +
            'Pass --force to overwrite them.',
        );
        for (const file of written.existing) io.err(`  ${file}`);
        if (!flags.ci && written.existing.includes('dpac.yaml'))
          io.err(
            `To add the pipeline files to this project: dpac init ${dir === '.' ? '' : `${dir} `}--ci github|gitlab`,
          );
        return setExit(EXIT.error);
      }
      if (ciOnly)
        io.out(`${dir === '.' ? 'This folder' : dir} already holds a project (dpac.yaml): kept as it is.`);
      const n = written.written.length;
      io.out(`Wrote ${n} file${n === 1 ? '' : 's'} in ${dir}:`);
      for (const file of written.written) io.out(`  ${file}`);
      io.out(nextSteps(dir, flags.ci, ciOnly));
      setExit(EXIT.ok);
    }),
);

function nextSteps(dir: string, ci: CiSystem | undefined, ciOnly: boolean): string {
  const lines = ciOnly
    ? ['', 'Next:']
    : [
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
