// The foot of the create forms (CreateActions.svelte, used by the task and
// stakeholder forms): the submit button's text and states, and the note
// on what pressing it does while offline, which the button names.
import { describe, expect, test } from "vitest";
import { render, screen } from "@testing-library/svelte";
import CreateActions from "../src/components/forms/CreateActions.svelte";
import { session } from "../src/lib/session.svelte";

const props = { id: "thing-offline", label: "Create thing", busyLabel: "Creating…" };

describe("create actions", () => {
  test("a submit button, enabled, with nothing beside it while online", () => {
    const { container } = render(CreateActions, { props: { ...props, busy: false } });
    const button = screen.getByRole("button", { name: "Create thing" });
    expect(button).toHaveAttribute("type", "submit");
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(button).not.toHaveAttribute("aria-describedby");
    expect(container.querySelector(".actions.sticky")).toContainElement(button);
    expect(container.querySelector(".offline-block")).toBeNull();
  });

  test("while sending: says so and is aria-disabled, not disabled, so the focus stays", () => {
    render(CreateActions, { props: { ...props, busy: true } });
    const button = screen.getByRole("button", { name: "Creating…" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toBeEnabled();
  });

  test("disabled when asked (a send to check first)", () => {
    render(CreateActions, { props: { ...props, busy: false, disabled: true } });
    expect(screen.getByRole("button", { name: "Create thing" })).toBeDisabled();
  });

  test("offline: the note says what saving does, and the button names it", () => {
    session.workingOffline = true;
    render(CreateActions, { props: { ...props, busy: false } });
    const button = screen.getByRole("button", { name: "Create thing" });
    expect(button).toHaveAttribute("aria-describedby", "thing-offline");
    expect(document.getElementById("thing-offline")).toHaveClass("offline-block");
    expect(button).toHaveAccessibleDescription(/set to work offline: what you save here is kept on this computer/);
  });
});
