/**
 * @module dataset/image/synthetic-picture — one seeded RGB picture for the synthetic dataset's
 * images: a coarse grid of random colours blended bilinearly, with its ordinal stamped in the corner.
 *
 * Smooth on purpose: noise would make every PNG as large as its pixels (196 kB at 256 × 256) and
 * every JPEG several times a photo's, while a VLM's image tokens follow the size, not the content.
 * The stamp (the ordinal's 32 bits as 2 × 2 black or white cells from the top-left, row by row) and
 * the random grid make every picture of a run differ, so no server cache keyed on the image can
 * answer one request with another's. Writes into the buffer it is given, so a run reuses one.
 */
import type { PythonRandom } from "../../rng/python-random.ts";

/** Grid cells per side: 8 × 8 colour patches. */
const GRID = 8;
const STAMP_BITS = 32;
const STAMP_CELL = 2;

/** Fills `rgb` (width × height × 3) with picture number `ordinal` drawn from `rng`. */
export function drawSyntheticPicture(
  rgb: Uint8Array,
  width: number,
  height: number,
  rng: PythonRandom,
  ordinal: number,
): void {
  const knots = new Float64Array((GRID + 1) * (GRID + 1) * 3);
  for (let i = 0; i < knots.length; i++) knots[i] = rng.randbelow(256);
  // Per column: the grid cell and the weight of its right knot; per row: the knots blended down to it.
  const cellOf = new Int32Array(width);
  const weightOf = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = (x / Math.max(1, width - 1)) * GRID;
    cellOf[x] = Math.min(GRID - 1, Math.floor(gx)) * 3;
    weightOf[x] = gx - (cellOf[x] as number) / 3;
  }
  const row = new Float64Array((GRID + 1) * 3);
  for (let y = 0; y < height; y++) {
    const gy = (y / Math.max(1, height - 1)) * GRID;
    const y0 = Math.min(GRID - 1, Math.floor(gy));
    const fy = gy - y0;
    for (let k = 0; k < row.length; k++) {
      const top = knots[y0 * row.length + k] as number;
      row[k] = top + ((knots[(y0 + 1) * row.length + k] as number) - top) * fy;
    }
    for (let x = 0, at = y * width * 3; x < width; x++, at += 3) {
      const k = cellOf[x] as number;
      const fx = weightOf[x] as number;
      for (let c = 0; c < 3; c++)
        rgb[at + c] = (row[k + c] as number) + ((row[k + 3 + c] as number) - (row[k + c] as number)) * fx;
    }
  }
  const perRow = Math.max(1, Math.floor(width / STAMP_CELL));
  for (let bit = 0; bit < STAMP_BITS; bit++) {
    const cx = (bit % perRow) * STAMP_CELL;
    const cy = Math.floor(bit / perRow) * STAMP_CELL;
    const value = (ordinal >>> bit) & 1 ? 255 : 0;
    for (let y = cy; y < Math.min(height, cy + STAMP_CELL); y++)
      for (let x = cx; x < Math.min(width, cx + STAMP_CELL); x++)
        rgb.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
}
