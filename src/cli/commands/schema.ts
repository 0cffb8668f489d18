// `dpac schema [--out FILE]`: the JSON Schema of the manifest language, to stdout or a file.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { renderJsonSchema } from '../../manifest/json-schema.js';
import { EXIT } from '../exit-codes.js';
import { registerCommand } from '../program.js';

registerCommand((io, setExit) =>
  new Command('schema')
    .description('Print the JSON Schema of the manifest language.')
    .option('--out <FILE>', 'write it to FILE instead of stdout')
    .action(async (flags: { out?: string }) => {
      const text = renderJsonSchema();
      if (!flags.out) {
        io.out(text);
        setExit(EXIT.ok);
        return;
      }
      const target = path.resolve(io.cwd, flags.out);
      try {
        await writeFile(target, text);
      } catch (error) {
        io.err(
          `dpac: could not write ${flags.out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        );
        setExit(EXIT.error);
        return;
      }
      io.err(`Wrote ${flags.out}.`);
      setExit(EXIT.ok);
    }),
);
