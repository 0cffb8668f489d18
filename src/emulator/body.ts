// Request body parsing: JSON (empty → undefined), multipart/form-data as fields + file summaries.
import { EmuError } from './errors.js';

export interface UploadedFile {
  field: string;
  file_name: string;
  size: number;
}

export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(raw, type);
  if (type.startsWith('application/octet-stream')) return { bytes: raw.length };
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new EmuError(400, 'IW10006', 'Request body is not valid JSON');
  }
}

/**
 * Minimal multipart reader: text parts become string fields; file parts are summarised into
 * `files: [{field, file_name, size}]` (the emulator keeps no file contents).
 */
function parseMultipart(raw: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new EmuError(400, 'IW10006', 'multipart body without a boundary');
  const out: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  const text = raw.toString('latin1');
  for (const part of text.split(`--${marker}`)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) continue;
    const headers = part.slice(0, headerEnd);
    const content = part.slice(headerEnd + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (!name) continue;
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (fileName !== undefined) {
      files.push({ field: name, file_name: fileName, size: Buffer.byteLength(content, 'latin1') });
      continue;
    }
    const value = Buffer.from(content, 'latin1').toString('utf8');
    out[name] = parseFieldValue(value);
  }
  if (files.length > 0) out.files = files;
  return out;
}

/** Multipart fields carrying JSON documents (objects/arrays) are read as JSON. */
function parseFieldValue(value: string): unknown {
  const trimmed = value.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return value;
    }
  }
  return value;
}
