// Sums under a list: which columns are money, and their exact sums over
// the records on screen, in scaled BigInt (the service's decimal strings
// as whole numbers of their smallest unit), never a float.
//
// Not big.js or decimal.js: both assign `toString` on their prototype
// objects, which throws while Tauri's `freezePrototype` keeps
// Object.prototype frozen (the "override mistake"), and the whole UI
// would fail to start.
import type { ResourceSchema, Value } from "./bindings";
import { fieldOf } from "./fields";

/** Decimal fields that are not rates or percentages: amounts worth a sum. */
export function moneyColumns(schema: ResourceSchema, columns: string[]): string[] {
  return columns.filter((name) => fieldOf(schema, name)?.kind === "decimal" && !/percentage|rate/.test(name));
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact sum of `field` over `records`, as a decimal string with the
 * largest scale among the values ("1234.50" + "0.5" → "1235.00"); values
 * that are not decimal strings (null) are skipped.
 */
export function sumOf(records: { [key: string]: Value }[], field: string): string {
  const values = records.flatMap((record) => {
    const value = record[field];
    const match = typeof value === "string" ? DECIMAL.exec(value.trim()) : null;
    return match ? [{ negative: match[1] === "-", whole: match[2], fraction: match[3] ?? "" }] : [];
  });
  const scale = Math.max(0, ...values.map((v) => v.fraction.length));
  let units = 0n;
  for (const v of values) {
    const n = BigInt(v.whole + v.fraction.padEnd(scale, "0"));
    units += v.negative ? -n : n;
  }
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  const sign = units < 0n ? "-" : "";
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
