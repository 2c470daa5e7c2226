// Which section is on screen (lib/router.svelte.ts): going to another (after
// the guard lets it), the scroll position of each section kept, and the
// focus moved into the section once its screen is there; and the question
// before leaving a form that holds unsent input (lib/leave-question.svelte.ts).
import { describe, expect, test } from "vitest";
import { flushSync, tick } from "svelte";
import { Router, type ScreenLoaders } from "../src/lib/router.svelte";
import { LeaveQuestion } from "../src/lib/leave-question.svelte";
import { holdUnsaved } from "../src/lib/unsaved.svelte";

/** Screens that load at once. */
const loaded = new Proxy({}, { get: () => () => Promise.resolve({}) }) as ScreenLoaders;
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

function mainPane(html: string) {
  const main = document.createElement("main");
  main.innerHTML = html;
  document.body.append(main);
  return main;
}

describe("the router", () => {
  test("goes to another section once the guard lets it, and focuses its heading", async () => {
    const main = mainPane("<h2>Storage</h2><button>x</button>");
    const asked: string[] = [];
    const router = new Router(() => main, (proceed) => (asked.push("asked"), proceed()), loaded);
    router.go({ kind: "storage" });
    expect(asked).toEqual(["asked"]);
    expect(router.screen).toEqual({ kind: "storage" });
    expect(router.isCurrent({ kind: "storage" })).toBe(true);
    await settle();
    expect(document.activeElement?.textContent).toBe("Storage");
    expect(main.querySelector("h2")?.tabIndex).toBe(-1);
    main.remove();
  });

  test("the section on screen again only moves the focus, without asking; no heading: the first control", async () => {
    const main = mainPane("<p>x</p><input id='first'>");
    const asked: string[] = [];
    const router = new Router(() => main, () => asked.push("asked"), loaded);
    router.go({ kind: "list", resource: "supplier_invoice" });
    await settle();
    expect(asked).toEqual([]);
    expect(document.activeElement?.id).toBe("first");
    main.remove();
  });

  test("a guard that says no leaves the section as it is", () => {
    const router = new Router(() => null, () => {}, loaded);
    router.go({ kind: "outbox" });
    expect(router.screen).toEqual({ kind: "list", resource: "supplier_invoice" });
  });

  test("each section is shown again where it was left", async () => {
    const main = mainPane("<p>x</p>");
    const router = new Router(() => main, (proceed) => proceed(), loaded);
    main.scrollTop = 120;
    router.go({ kind: "storage" });
    await settle();
    expect(main.scrollTop).toBe(0);
    main.scrollTop = 40;
    router.go({ kind: "list", resource: "supplier_invoice" });
    await settle();
    expect(main.scrollTop).toBe(120);
    router.go({ kind: "storage" });
    await settle();
    expect(main.scrollTop).toBe(40);
    main.remove();
  });
});

describe("leaving a form", () => {
  test("nothing held: goes on at once", async () => {
    const question = new LeaveQuestion(() => {});
    let went = false;
    await question.leave(() => (went = true));
    expect(went).toBe(true);
    expect(question.asking).toBeNull();
  });

  test("a form holding input: asks, naming it; keep editing goes back to the form, discard goes on", async () => {
    const form = document.createElement("form");
    form.innerHTML = "<input id='title'>";
    document.body.append(form);
    let holding = true;
    const stop = $effect.root(() => {
      holdUnsaved({ name: () => "New task", holding: () => holding, root: () => form });
    });
    flushSync();
    let kept = 0;
    const question = new LeaveQuestion(() => (kept += 1));
    let went = 0;
    await question.leave(() => (went += 1));
    expect(question.asking?.name).toBe("New task");
    expect(kept).toBe(1);
    expect(went).toBe(0);
    await question.answer(false);
    expect(question.asking).toBeNull();
    expect(document.activeElement?.id).toBe("title");
    expect(went).toBe(0);
    await question.leave(() => (went += 1));
    await question.answer(true);
    expect(went).toBe(1);
    // No question: an answer does nothing.
    await question.answer(true);
    expect(went).toBe(1);
    holding = false;
    stop();
    form.remove();
  });
});
