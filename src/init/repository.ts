// The one name of dpac's own repository: package.json `repository`, written `github:owner/name`.
// The pipeline files `dpac init` writes take the GitHub Action and the release downloads from it,
// and so does the action itself (action.yml reads the same field), so a new owner edits one line.

/** owner/name from package.json's `repository` (the `github:owner/name` form, nothing else). */
export function repositoryName(repository: unknown): string {
  const match = typeof repository === 'string' ? /^github:([\w.-]+\/[\w.-]+)$/.exec(repository) : null;
  if (!match?.[1])
    throw new Error(
      `package.json repository must read "github:owner/name", not ${JSON.stringify(repository)}`,
    );
  return match[1];
}
