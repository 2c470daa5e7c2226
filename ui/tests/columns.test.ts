// Default columns: what a list shows before the user chooses.
import { expect, test } from "vitest";
import { defaultColumns } from "../src/lib/columns";
import { customerSchema, leadSchema, taskSchema } from "./fixtures/forms";

test("leads, tasks and customers open on the columns people look for, no ids", () => {
  expect(defaultColumns(leadSchema)).toEqual(expect.arrayContaining(["source", "status"]));
  expect(defaultColumns(taskSchema)).toEqual(expect.arrayContaining(["title", "status", "priority"]));
  expect(defaultColumns(customerSchema)).toEqual(expect.arrayContaining(["name", "credit_limit", "customer_since"]));
  for (const schema of [leadSchema, taskSchema, customerSchema]) {
    expect(defaultColumns(schema)).not.toContain("id");
    expect(defaultColumns(schema).length).toBeLessThanOrEqual(6);
  }
});
