// Ownership tags: `managed-by:<owner>` on the objects whose API has tags. A project's own tag is
// `managed-by:dpac/<project>`; `managed-by:dpac` is the tag of projects without a name (and of
// every dpac before projects had names); any other `managed-by:` tag belongs to someone else.

const PREFIX = 'managed-by:';

/** What a project name may hold (`project:` of dpac.yaml): its tag stays one plain word. */
export const PROJECT_NAME = /^[a-zA-Z0-9_-]+$/;

/** The tag of projects without a name, shared by all of them. */
export const UNNAMED_PROJECT_TAG = 'managed-by:dpac';

export function projectTag(project: string): string {
  return `${PREFIX}dpac/${project}`;
}

/** The project a tag of the form `managed-by:dpac/<project>` names, if it is one. */
export function projectOfTag(tag: string): string | undefined {
  const name = tag.startsWith(`${PREFIX}dpac/`) ? tag.slice(`${PREFIX}dpac/`.length) : undefined;
  return name !== undefined && PROJECT_NAME.test(name) ? name : undefined;
}

export function isOwnershipTag(tag: string): boolean {
  return tag.startsWith(PREFIX);
}
