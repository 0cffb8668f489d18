// How a call's body goes on the wire: bytes (a file upload) as they are, a form as
// multipart/form-data — built by undici's FormData and serialised by its Response, the web-standard
// encoder fetch uses (boundary, escaping and CRLFs are not ours) — and anything else as JSON.
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
async function multipartBody(
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

/** The payload and content type of a body: bytes as they are, a form's fields (and files), or JSON. */
export async function encodeBody(call: {
  body?: unknown;
  form?: boolean;
  formFiles?: readonly FormFile[];
}): Promise<{ payload?: string | Uint8Array; contentType?: string }> {
  if (call.body === undefined) return {};
  if (call.body instanceof Uint8Array) return { payload: call.body, contentType: 'application/octet-stream' };
  if (call.form) {
    const { bytes, contentType } = await multipartBody(call.body as Record<string, unknown>, call.formFiles);
    return { payload: bytes, contentType };
  }
  return { payload: JSON.stringify(call.body), contentType: 'application/json' };
}
