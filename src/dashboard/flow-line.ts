/**
 * @module dashboard/flow-line — segments of a dashboard line joined by " · ", wrapped onto more lines rather than cut.
 *
 * A figure cut at the terminal's edge reads as another figure ("limit 20" of "limit 200 ms"),
 * so a line of several figures is laid out segment by segment: a segment that does not fit the
 * rest of the line starts the next one, indented. A segment is never split; one wider than the
 * whole line is cut by dashboard/styled-line like any line.
 */
import { type Piece, piece } from "./styled-line.ts";

const SEPARATOR = " · ";
const INDENT = "  ";

export const widthOf = (pieces: readonly Piece[]): number =>
  pieces.reduce((sum, p) => sum + Array.from(p.text).length, 0);

/** `segments` on as few lines of `width` as they fit, in order. */
export function flow(segments: readonly (readonly Piece[])[], width: number): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let used = 0;
  let empty = true;
  for (const segment of segments) {
    const w = widthOf(segment);
    if (!empty && used + SEPARATOR.length + w > width) {
      lines.push(line);
      line = [piece(INDENT)];
      used = INDENT.length;
      empty = true;
    }
    if (!empty) {
      line.push(piece(SEPARATOR));
      used += SEPARATOR.length;
    }
    line.push(...segment);
    used += w;
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}
