// Sums under a list: which columns are money, and their exact sums over
// records on screen (big.js: decimal arithmetic on the service's strings,
// never a float).
import Big from "big.js";
import type { ResourceSchema, Value } from "./bindings";
import { fieldOf } from "./fields";

/** Decimal fields that are not rates or percentages: amounts worth a sum. */
export function moneyColumns(schema: ResourceSchema, columns: string[]): string[] {
  return columns.filter((name) => fieldOf(schema, name)?.kind === "decimal" && !/percentage|rate/.test(name));
}

/**
 * The exact sum of `field` over `records`, as a decimal string with the
 * largest scale among the values ("1234.50" + "0.5" → "1235.00"); values
 * that are not decimals (null) are skipped.
 */
export function sumOf(records: { [key: string]: Value }[], field: string): string {
  let sum = new Big(0);
  let scale = 0;
  for (const record of records) {
    const value = record[field];
    if (typeof value !== "string") continue;
    try {
      sum = sum.plus(new Big(value.trim()));
    } catch {
      continue;
    }
    scale = Math.max(scale, value.trim().split(".")[1]?.length ?? 0);
  }
  return sum.toFixed(scale);
}
