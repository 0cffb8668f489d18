// Renders exported objects as one multi-document YAML file: the `$schema` modeline first, then
// apiVersion, kind, metadata, spec per document; short lists of scalars in flow style.
import { Document, isMap, isScalar, visit } from 'yaml';
import { API_VERSION } from '../manifest/document-schema.js';

export interface ExportDocument {
  kind: string;
  metadata: Record<string, unknown>;
  spec: Record<string, unknown>;
}

/** Flow style (`[a, b]`) only while it stays this short and holds plain scalars. */
const FLOW_MAX = 60;

const TO_STRING = { lineWidth: 0, flowCollectionPadding: false } as const;

export function renderDocuments(documents: readonly ExportDocument[], schemaRef: string): string {
  return documents
    .map((d, i) => {
      const doc = new Document(
        { apiVersion: API_VERSION, kind: d.kind, metadata: d.metadata, spec: d.spec },
        { version: '1.2' },
      );
      visit(doc, {
        Seq(_, node) {
          const scalars = node.items.every((item) => isScalar(item) && !String(item.value).includes('\n'));
          if (scalars && node.items.length > 0 && JSON.stringify(node.toJSON()).length <= FLOW_MAX)
            node.flow = true;
        },
      });
      // On the root map the comment sits directly above `apiVersion:` (on the document it would
      // be followed by a blank line).
      if (i === 0 && isMap(doc.contents))
        doc.contents.commentBefore = ` yaml-language-server: $schema=${schemaRef}`;
      return doc.toString(TO_STRING);
    })
    .join('---\n');
}
