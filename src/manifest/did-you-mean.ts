// "Did you mean …?" suggestions: the closest candidate by edit distance, if close enough to help.

/**
 * Edit distance, case-insensitive: insertions, deletions, substitutions and swaps of two
 * neighbouring characters (the commonest typo) each count one (optimal string alignment; three
 * rows, no recursion).
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current[j] = best;
    }
    before = previous;
    previous = current;
  }
  return previous[t.length] ?? 0;
}

/**
 * The candidate `input` is a typo of: one edit away (two for words of 8 characters or more), else
 * the one candidate it begins (`val` → `validate`). Stricter than didYouMean, for command lines,
 * whose words are verbs of their own: `import` is not a mistyped `export`.
 */
export function typoOf(input: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates].filter((c) => c !== input);
  const reach = input.length >= 8 ? 2 : 1;
  const close = list
    .map((candidate) => ({ candidate, distance: editDistance(input, candidate) }))
    .filter((c) => c.distance <= reach)
    .sort((a, b) => a.distance - b.distance);
  if (close[0]) return close[0].candidate;
  const extended =
    input.length >= 2 ? list.filter((c) => c.toLowerCase().startsWith(input.toLowerCase())) : [];
  return extended.length === 1 ? extended[0] : undefined;
}

/**
 * The candidate closest to `input`, when it is within a third of the input's length (at least 2
 * edits). Ties go to the first candidate, so pass candidates in a stable order.
 */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(input.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const distance = editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
