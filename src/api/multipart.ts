// A JSON object's fields as a multipart/form-data body, built by undici's FormData and serialised
// by its Response (the web-standard encoder fetch uses: boundary, escaping and CRLFs are not ours).
import { FormData, Response } from 'undici';

/**
 * Strings go as they are, numbers and booleans as their text, objects and lists as JSON (OpenAPI's
 * encoding for the object fields of a form); null and undefined fields are left out.
 */
export async function multipartBody(
  fields: Readonly<Record<string, unknown>>,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType };
}
