// Request body parsing: JSON (empty → undefined), multipart/form-data through undici's web-standard
// parser (Response.formData(), the one fetch uses) as fields + file summaries, raw bytes as a size.
import { Response } from 'undici';
import { EmuError } from './errors.js';

/** A file part of a multipart body: its name and size (the emulator keeps no contents). */
export interface UploadedFile {
  file_name: string;
  size: number;
}

export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<unknown> {
  if (raw.length === 0) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(raw, contentType ?? '');
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
 * Parts become fields by name: text (a JSON object or list read as JSON, as OpenAPI encodes the
 * object fields of a form) or an UploadedFile; a name sent more than once holds the list.
 */
async function parseMultipart(raw: Buffer, contentType: string): Promise<Record<string, unknown>> {
  let form: Awaited<ReturnType<Response['formData']>>;
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new EmuError(400, 'IW10006', `multipart/form-data body that cannot be read: ${why}`);
  }
  const out: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const values = form
      .getAll(name)
      .map((value) =>
        typeof value === 'string' ? parseFieldValue(value) : { file_name: value.name, size: value.size },
      );
    out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}

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
