// Ownership tags: `managed-by:<owner>` on the objects whose API has tags. A project's own tag is
// `managed-by:dpac/<project>`; `managed-by:dpac` is the tag of projects without a name (and of
// every dpac before projects had names); any other `managed-by:` tag belongs to someone else.

const PREFIX = 'managed-by:';

/** The tag of projects without a name, shared by all of them. */
export const UNNAMED_PROJECT_TAG = 'managed-by:dpac';

export function projectTag(project: string): string {
  return `${PREFIX}dpac/${project}`;
}

export function isOwnershipTag(tag: string): boolean {
  return tag.startsWith(PREFIX);
}
