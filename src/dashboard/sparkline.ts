/**
 * @module dashboard/sparkline — a series of numbers as one line of block characters.
 *
 * Scaled from zero to the series' own maximum (a rate or an in-flight count starts at zero, so a
 * flat line near the top reads as "steady", not "high"); a missing point (no values in that
 * second) is a space. The newest points are kept when the series is longer than the width.
 */
const BLOCKS = "▁▂▃▄▅▆▇█";

export function sparkline(points: readonly (number | null)[], width: number): string {
  const shown = width > 0 ? points.slice(-width) : [];
  let max = 0;
  for (const p of shown) if (p !== null && p > max) max = p;
  return shown
    .map((p) => {
      if (p === null || !Number.isFinite(p)) return " ";
      if (max <= 0) return BLOCKS[0];
      const level = Math.min(BLOCKS.length - 1, Math.floor((p / max) * (BLOCKS.length - 1) + 0.5));
      return BLOCKS[Math.max(0, level)];
    })
    .join("");
}
