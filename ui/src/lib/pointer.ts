// Work that must wait until a press of the mouse (or pen, or finger) ends.
//
// A press moves the focus on `pointerdown`, so the input being left is
// blurred *before* the click happens. When the blur makes a message appear
// under that input, everything below it moves, and the button being clicked
// slides away from under the pointer: the `pointerup` lands elsewhere and
// the click is lost (issue 11). `afterPress` runs such work once the press
// has ended and its click has been handled; with no press under way (Tab,
// a script) it runs at once.

let pressed = false;
let waiting: (() => void)[] = [];

function release() {
  if (!pressed) return;
  pressed = false;
  const due = waiting;
  waiting = [];
  // The click a release causes is dispatched in the same task as the
  // release itself: the next task comes after it.
  if (due.length > 0) setTimeout(() => due.forEach((run) => run()), 0);
}

if (typeof window !== "undefined") {
  for (const type of ["pointerdown", "mousedown"]) {
    window.addEventListener(type, () => (pressed = true), { capture: true });
  }
  for (const type of ["pointerup", "mouseup", "pointercancel", "dragend"]) {
    window.addEventListener(type, release, { capture: true });
  }
  // A press that ends outside the window sends no pointerup here.
  window.addEventListener("blur", release);
}

/** Runs `work` after the pointer press under way (if any) and its click. */
export function afterPress(work: () => void): void {
  if (pressed) waiting.push(work);
  else work();
}

// WebKit sends a `mousemove` when what lies under a still pointer changes
// (a list scrolled by the keyboard, options coming in as a search
// answers), at the pointer's last place. A list that made the option under
// the pointer its active one on any `mousemove` would then take the choice
// away from the keyboard: ↓ to an option, and Enter opens whichever one
// slid under the pointer. `pointerMoved` tells a real move from those.

let at: { x: number; y: number } | null = null;
const moves = new WeakSet<Event>();

if (typeof window !== "undefined") {
  window.addEventListener(
    "mousemove",
    (event) => {
      const moved = at === null ? event.movementX !== 0 || event.movementY !== 0 : at.x !== event.screenX || at.y !== event.screenY;
      at = { x: event.screenX, y: event.screenY };
      if (moved) moves.add(event);
    },
    { capture: true },
  );
}

/** Whether `event` (a `mousemove`) is the pointer really moving, not the content moving under it. */
export function pointerMoved(event: MouseEvent): boolean {
  return moves.has(event);
}
