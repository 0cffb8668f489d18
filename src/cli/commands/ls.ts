// `dpac ls [PATH…]`: what the project manages — each declared object's address, live id (or "not
// created"), ownership (ours, another project's, unowned) and manifest file:line. Read-only.
import { Command } from 'commander';
import { listManaged } from '../../library.js';
import { LIST_VIEWS } from '../../render/render-list.js';
import { addConnectOptions, type ConnectFlags, connect } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import {
  addManifestOptions,
  addSelectOption,
  type ManifestFlags,
  type SelectFlags,
  selectorTexts,
} from '../options.js';
import { addColorOption, addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { loadProject, reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';

type Flags = ManifestFlags & ConnectFlags & OutputFlags & SelectFlags;

registerCommand((io, setExit) => {
  const command = new Command('ls')
    .description('List what the project manages: address, live id, ownership and the manifest file:line.')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)');
  addOutputOption(command, LIST_VIEWS);
  addColorOption(addConnectOptions(addSelectOption(addManifestOptions(command))));
  return command.action(async (paths: string[], flags: Flags) => setExit(await list(io, paths, flags)));
});

async function list(io: CliIo, paths: string[], flags: Flags): Promise<number> {
  const output = outputFor(io, flags, LIST_VIEWS);
  const project = await loadProject(io, paths, flags, output.style);
  if (!project) return EXIT.error;
  const connection = connect(io, flags, project.project, { readOnly: true });
  if (!connection) return EXIT.error;
  try {
    const listed = await listManaged(connection, project, {
      select: selectorTexts(flags.select),
      exclude: selectorTexts(flags.exclude),
    });
    io.out(output.render(listed));
    return EXIT.ok;
  } catch (error) {
    return reportFailure(io, error, output.style, project.root);
  } finally {
    await connection.client.close();
  }
}
