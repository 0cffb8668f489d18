// "Did you mean …?" suggestions: the closest candidate by edit distance, if close enough to help.

/** Levenshtein distance, case-insensitive (two rows, no recursion). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[t.length] ?? 0;
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
