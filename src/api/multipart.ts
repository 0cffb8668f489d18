// A JSON object's fields (and files) as a multipart/form-data body, built by undici's FormData and
// serialised by its Response (the web-standard encoder fetch uses: boundary, escaping and CRLFs
// are not ours).
import { FormData, Response } from 'undici';

/** A file sent as a `files` part of a form: its file name and bytes. */
export interface FormFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * Strings go as they are, numbers and booleans as their text, objects and lists as JSON (OpenAPI's
 * encoding for the object fields of a form); null and undefined fields are left out. Files follow,
 * each a `files` part.
 */
export async function multipartBody(
  fields: Readonly<Record<string, unknown>>,
  files: readonly FormFile[] = [],
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType };
}
