// The progress of a walk through a list's pages (WalkProgress.svelte, used
// by the export and the download for offline use): the bar, the text, the
// pause to keep the key's last requests, and what the caller puts after.
import { describe, expect, test } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import { createRawSnippet } from "svelte";
import WalkProgress from "../src/components/records/WalkProgress.svelte";
import type { Progress } from "../src/lib/bindings";

const step: Progress = {
  phase: "downloading",
  pages_done: 3,
  pages_total: 13,
  records: 600,
  records_total: 2437,
  budget: { limit: 1000, remaining: 840, reset: null },
  paused_until: null,
};

describe("walk progress", () => {
  test("before the first page: the phase alone and an empty bar", () => {
    const { container } = render(WalkProgress, { props: { progress: null, phase: "Exporting", label: "Exporting invoices" } });
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    const bar = within(status).getByRole("progressbar", { name: "Exporting invoices" });
    expect(bar).toHaveAttribute("max", "1");
    expect(bar).toHaveAttribute("value", "0");
    expect(bar).not.toHaveClass("wide");
    expect(container.querySelector(".progress-text")).toHaveTextContent(/^Exporting…$/);
    expect(container.querySelector(".paused")).toBeNull();
  });

  test("pages, records and requests left; the pause; wide when asked", () => {
    const { container } = render(WalkProgress, {
      props: { progress: { ...step, paused_until: "2026-11-23T10:42:00Z" }, phase: "Downloading", label: "Bar", wide: true },
    });
    const bar = screen.getByRole("progressbar", { name: "Bar" });
    expect(bar).toHaveAttribute("max", "13");
    expect(bar).toHaveAttribute("value", "3");
    expect(bar).toHaveClass("wide");
    expect(container.querySelector(".progress-text")).toHaveTextContent(
      "Downloading: page 3 of 13 · 600 of 2,437 records · 840 requests left",
    );
    expect(container.querySelector(".paused")).toHaveTextContent(/^Paused to keep the last 10 % of this key's requests; it goes on by itself at .+\.$/);
  });

  test("what the caller gives (a Cancel button) follows, inside the status", () => {
    const children = createRawSnippet(() => ({ render: () => `<button type="button">Cancel</button>` }));
    render(WalkProgress, { props: { progress: step, phase: "Downloading", label: "Bar", children } });
    expect(within(screen.getByRole("status")).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });
});
