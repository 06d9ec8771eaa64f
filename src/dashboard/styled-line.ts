/**
 * @module dashboard/styled-line — a line of text pieces, some styled, cut to the terminal's width.
 *
 * The cut counts visible characters only, so an escape code never splits and never counts; with
 * colour off (`NO_COLOR`) the same line comes out with no escape code at all.
 */
type Style = "bold" | "dim" | "red" | "green" | "yellow" | "cyan";

export interface Piece {
  text: string;
  style?: Style;
}

const SGR: Record<Style, string> = { bold: "1", dim: "2", red: "31", green: "32", yellow: "33", cyan: "36" };

export const piece = (text: string, style?: Style): Piece => (style ? { text, style } : { text });

/** The pieces as one line of at most `width` characters; styled when `color`. */
export function styledLine(pieces: readonly Piece[], width: number, color: boolean): string {
  let left = Math.max(0, width);
  let out = "";
  for (const p of pieces) {
    if (left === 0) break;
    const chars = Array.from(p.text);
    const text = chars.length > left ? chars.slice(0, left).join("") : p.text;
    left -= Math.min(chars.length, left);
    out += color && p.style ? `\x1b[${SGR[p.style]}m${text}\x1b[0m` : text;
  }
  return out;
}
