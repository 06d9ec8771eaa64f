/** @module config/suggest — "did you mean" for mistyped flags and YAML keys (Levenshtein distance). */

/**
 * Edit distance between two strings: insert, delete, substitute, or swap two adjacent characters
 * (each costs 1; "optimal string alignment"), so `--modle` is one edit from `--model`.
 */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const up = rows[i - 1] ?? [];
      let best = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The candidate closest to `input`, if it is close enough to be a plausible typo (distance at
 * most a third of the input's length, minimum 2), or the only candidate that `input` begins.
 */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const bare = (s: string) => s.replace(/^-+/, "").toLowerCase();
  const target = bare(input);
  if (target === "") return undefined;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    // Ties go to the candidate closest in length (`--modle`: `--model` rather than `--mode`).
    const distance = editDistance(target, bare(candidate)) + Math.abs(target.length - bare(candidate).length) / 100;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && Math.floor(bestDistance) <= Math.max(2, Math.floor(target.length / 3))) return best;
  const prefixed = candidates.filter((c) => bare(c).startsWith(target));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
