// `dpac schema [OUTPUT] [--out FILE]`: the JSON Schema of the manifest language, or of a
// machine-readable output (plan, drift, validate, export), to stdout or a file.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Argument, Command } from 'commander';
import { renderJsonSchema } from '../../manifest/json-schema.js';
import { OUTPUT_SCHEMAS, type OutputName, renderOutputSchema } from '../../render/output-schemas.js';
import { EXIT } from '../exit-codes.js';
import { registerCommand } from '../program.js';

registerCommand((io, setExit) =>
  new Command('schema')
    .description("Print the JSON Schema of the manifest language, or of a command's JSON output.")
    .addArgument(
      new Argument('[output]', 'the JSON output to describe instead of the manifests').choices(
        Object.keys(OUTPUT_SCHEMAS),
      ),
    )
    .option('--out <FILE>', 'write it to FILE instead of stdout')
    .action(async (output: OutputName | undefined, flags: { out?: string }) => {
      const text = output ? renderOutputSchema(output) : renderJsonSchema();
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
