// Reads manifest files under the size caps: sizes are checked from stat before reading, text must
// be valid UTF-8 without NUL bytes, and documents are counted before anything is parsed.
import { readFile, stat } from 'node:fs/promises';
import type { Diagnostic } from '../core/diagnostic.js';
import { MAX_DOCUMENTS, MAX_FILE_BYTES, MAX_TOTAL_BYTES } from './limits.js';

export interface FileRef {
  /** Path for messages: relative to the project root, with `/`. */
  file: string;
  /** Absolute path. */
  path: string;
  /** Brought in by a folder or a glob, not named on its own (then it may turn out not to be ours). */
  walked?: boolean;
}

export interface SourceText extends FileRef {
  text: string;
}

const MIB = 1024 * 1024;

export async function readSources(
  files: readonly FileRef[],
): Promise<{ sources: SourceText[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const sized: FileRef[] = [];
  let total = 0;
  for (const ref of files) {
    const size = (await stat(ref.path)).size;
    if (size > MAX_FILE_BYTES) {
      diagnostics.push(
        error(
          ref.file,
          `File is larger than ${MAX_FILE_BYTES / MIB} MiB`,
          'Split it into smaller files; it was not read.',
        ),
      );
      continue;
    }
    total += size;
    sized.push(ref);
  }
  if (total > MAX_TOTAL_BYTES) {
    diagnostics.push({
      severity: 'error',
      summary: `Manifests total more than ${MAX_TOTAL_BYTES / MIB} MiB`,
      detail: 'Nothing was parsed. Point dpac at fewer files (paths, or `manifests` globs in dpac.yaml).',
    });
    return { sources: [], diagnostics };
  }
  const sources: SourceText[] = [];
  let documents = 0;
  for (const ref of sized) {
    const bytes = await readFile(ref.path);
    const decoded = decodeUtf8(bytes);
    if (typeof decoded !== 'string') {
      diagnostics.push({
        severity: 'error',
        summary: 'File is not valid UTF-8',
        detail: 'Save the file as UTF-8 text.',
        source: { file: ref.file, ...decoded },
      });
      continue;
    }
    const nul = decoded.indexOf('\u0000');
    if (nul >= 0) {
      diagnostics.push({
        severity: 'error',
        summary: 'File contains a NUL byte',
        detail: 'Manifests are text; remove the NUL character (is this a binary file?).',
        source: { file: ref.file, ...lineCol(decoded, nul) },
      });
      continue;
    }
    documents += countDocuments(decoded);
    sources.push({ ...ref, text: decoded });
  }
  if (documents > MAX_DOCUMENTS) {
    diagnostics.push({
      severity: 'error',
      summary: `More than ${MAX_DOCUMENTS} YAML documents`,
      detail: 'Nothing was parsed. Point dpac at fewer files.',
    });
    return { sources: [], diagnostics };
  }
  return { sources, diagnostics };
}

function error(file: string, summary: string, detail: string): Diagnostic {
  return { severity: 'error', summary, detail, source: { file, line: 1, col: 1 } };
}

/** The text, or where the first invalid byte sequence is. */
function decodeUtf8(bytes: Uint8Array): string | { line: number; col: number } {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidOffset(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    return { line, col: offset - lineStart + 1 };
  }
}

/** Binary search for the longest valid prefix (a streaming decode tolerates a cut-off sequence). */
function firstInvalidOffset(bytes: Uint8Array): number {
  let good = 0;
  let bad = bytes.length;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      good = mid;
    } catch {
      bad = mid;
    }
  }
  // A streaming decode accepts a truncated sequence, so the bad byte may be a lead byte just before.
  for (let k = good - 1; k >= Math.max(0, good - 3); k--) {
    const byte = bytes[k] ?? 0;
    if (byte >= 0xc0) return k;
    if (byte < 0x80) break;
  }
  return good;
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, col: offset - before.lastIndexOf('\n') };
}

/** Documents as the parser will see them: one, plus one per `---` line after content. */
function countDocuments(text: string): number {
  const separators = text.match(/^---(?=\s|$)/gm)?.length ?? 0;
  return separators + 1;
}
