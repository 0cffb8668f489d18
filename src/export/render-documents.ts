// Renders exported objects as one multi-document YAML file: the `$schema` modeline first, then
// apiVersion, kind, metadata, spec per document; short lists of scalars in flow style. Plain
// documents are written by emit-yaml.ts (the same text, a tenth of the time), others by `yaml`.
import { Document, isMap, isScalar, visit } from 'yaml';
import { API_VERSION } from '../manifest/document-schema.js';
import { emitYaml, FLOW_MAX } from './emit-yaml.js';

export interface ExportDocument {
  kind: string;
  metadata: Record<string, unknown>;
  /** Absent for an external declaration. */
  spec?: Record<string, unknown>;
  /** Defaults for the document's children, written after `spec` under `key` (`--factor-defaults`). */
  childDefaults?: { key: string; value: Record<string, unknown> };
}

const TO_STRING = { lineWidth: 0, flowCollectionPadding: false } as const;

export interface RenderOptions {
  /** Off: every document through `yaml` (the reference the fast emitter is tested against). */
  fastPath?: boolean;
}

/** With `schemaRef`, the first document starts with the `$schema` modeline that points there. */
export function renderDocuments(
  documents: readonly ExportDocument[],
  schemaRef: string | undefined,
  options: RenderOptions = {},
): string {
  return documents
    .map((d, i) => {
      const root: Record<string, unknown> = {
        apiVersion: API_VERSION,
        kind: d.kind,
        metadata: d.metadata,
        ...(d.spec ? { spec: d.spec } : {}),
      };
      if (d.childDefaults) root[d.childDefaults.key] = d.childDefaults.value;
      const comment =
        i === 0 && schemaRef !== undefined ? ` yaml-language-server: $schema=${schemaRef}` : undefined;
      const fast = options.fastPath === false ? undefined : emitYaml(root, comment);
      if (fast !== undefined) return fast;
      const doc = new Document(root, { version: '1.2' });
      visit(doc, {
        Seq(_, node) {
          const scalars = node.items.every((item) => isScalar(item) && !String(item.value).includes('\n'));
          if (scalars && node.items.length > 0 && JSON.stringify(node.toJSON()).length <= FLOW_MAX)
            node.flow = true;
        },
      });
      // On the root map the comment sits directly above `apiVersion:` (on the document it would
      // be followed by a blank line).
      if (comment !== undefined && isMap(doc.contents)) doc.contents.commentBefore = comment;
      return doc.toString(TO_STRING);
    })
    .join('---\n');
}
