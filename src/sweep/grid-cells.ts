/**
 * @module sweep/grid-cells — a sweep grid: `--isl-osl 1024/128,8192/1024` × the rates or
 * concurrencies, one cell (one step) per pair and value, each with a stable directory name
 * (`isl1024-osl128/c4`, `isl1024-osl128/r10`) so that a re-run finds the cells it already has. Pure.
 */
import { InputError } from "../errors.ts";

/** One input/output length pair: the synthetic `random,isl=…,osl=…` dataset of its cells. */
export interface IslOsl {
  isl: number;
  osl: number;
}

interface GridCell {
  pair: IslOsl;
  kind: "rate" | "concurrency";
  offered: number;
}

const PAIR = /^(\d+)\/(\d+)$/;

/** `1024/128` as a pair; refused (naming the flag) unless both are whole numbers of tokens ≥ 1. */
export function parseIslOsl(text: string): IslOsl {
  const match = PAIR.exec(text.trim());
  const isl = Number(match?.[1]);
  const osl = Number(match?.[2]);
  if (!match || !(isl >= 1) || !(osl >= 1))
    throw new InputError(`--isl-osl: '${text}' is not INPUT/OUTPUT tokens`, {
      hint: "e.g. --isl-osl 1024/128,8192/1024",
    });
  return { isl, osl };
}

/** Every pair of the list, in order; a pair given twice is refused (its cells would be run twice into one directory). */
export function parseIslOslList(texts: readonly string[]): IslOsl[] {
  const pairs = texts.map(parseIslOsl);
  const seen = new Set<string>();
  for (const p of pairs) {
    const name = pairName(p);
    if (seen.has(name)) throw new InputError(`--isl-osl: ${p.isl}/${p.osl} is given twice`);
    seen.add(name);
  }
  return pairs;
}

/** `isl1024-osl128`: a pair's directory under the sweep, and its key in sweep.json and pareto files. */
export function pairName(pair: IslOsl): string {
  return `isl${pair.isl}-osl${pair.osl}`;
}

/** `c4` or `r10`: a cell's directory under its pair's. */
function cellLeafName(kind: GridCell["kind"], offered: number): string {
  return `${kind === "concurrency" ? "c" : "r"}${offered}`;
}

/** `isl1024-osl128/c4`: a cell's report directory, relative to the sweep's. */
export function cellDirName(cell: GridCell): string {
  return `${pairName(cell.pair)}/${cellLeafName(cell.kind, cell.offered)}`;
}

/** The grid's cells, pair by pair and within a pair in the order the values were given. */
export function gridCells(pairs: readonly IslOsl[], kind: GridCell["kind"], values: readonly number[]): GridCell[] {
  return pairs.flatMap((pair) => values.map((offered) => ({ pair, kind, offered })));
}

/** The dataset spec of a pair's cells: the seeded synthetic dataset (exact tokens with --tokenizer). */
export function pairDataset(pair: IslOsl): string {
  return `random,isl=${pair.isl},osl=${pair.osl}`;
}
