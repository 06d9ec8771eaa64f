/**
 * @module test/e2e/repeats-verdicts — what `compare` must say of one figure of two sets of repeats, by its rule
 * (docs/repeats.md): Welch's test of the runs' values (metrics/welch-test, checked against scipy by its unit test),
 * significant when p < 1 − the confidence; a regression when the mean moved the worse way, an improvement the
 * better; the gate fails a figure that regressed significantly and is worse by more than its threshold. The e2e
 * tests hold compare's JSON rows and exit code to this, whatever verdict the runs' values lead to: how surely a
 * slower server is told apart on this host is a bench row (`npm run bench -- --only repeats`).
 */
import { expect } from "bun:test";
import { welchTest } from "../../src/metrics/welch-test.ts";

/** A row of `compare --output json` over repeats (compare/compare-repeats RepeatsRow), the fields judged here. */
export interface ComparedRow {
  key: string;
  label: string;
  unit: string;
  direction: "higher_is_better" | "lower_is_better";
  deltaPct: number | null;
  p: number | null;
  verdict: string;
  regressed: boolean;
}

/** `text` as a regular expression matching itself. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);

/** Holds `row` to the rule over the base's and the new side's run values of its figure. */
export function expectRuleVerdict(
  row: ComparedRow,
  base: readonly (number | null)[],
  next: readonly (number | null)[],
  confidencePct: number,
  thresholdPct: number,
): void {
  const a = base.filter((v): v is number => v !== null);
  const b = next.filter((v): v is number => v !== null);
  const [ma, mb] = [mean(a), mean(b)];
  const deltaPct =
    ma === null || mb === null ? null : row.unit === "%" ? mb - ma : ma === 0 ? null : ((mb - ma) / Math.abs(ma)) * 100;
  const worsePct = deltaPct === null ? null : row.direction === "higher_is_better" ? -deltaPct : deltaPct;
  const test = welchTest(a, b);
  const significant = test !== null && test.p < 1 - confidencePct / 100;
  const verdict =
    test === null
      ? "not tested"
      : !significant || worsePct === 0
        ? "no significant change"
        : (worsePct ?? 0) > 0
          ? "regression"
          : "improvement";
  const beyond = worsePct !== null && worsePct > thresholdPct;
  expect({ key: row.key, deltaPct: row.deltaPct === null ? null : Number(row.deltaPct.toFixed(9)) }).toEqual({
    key: row.key,
    deltaPct: deltaPct === null ? null : Number(deltaPct.toFixed(9)),
  });
  expect({ key: row.key, p: row.p === null ? null : Number(row.p.toFixed(12)) }).toEqual({
    key: row.key,
    p: test === null ? null : Number(test.p.toFixed(12)),
  });
  expect({ key: row.key, verdict: row.verdict, regressed: row.regressed }).toEqual({
    key: row.key,
    verdict,
    regressed: beyond && (verdict === "regression" || verdict === "not tested"),
  });
}
