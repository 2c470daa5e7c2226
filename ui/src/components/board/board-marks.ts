// The leads board's performance marks (User Timing), as the list's and
// the overview's (lib/marks.ts): `workdesk:board-requested` (the board
// asked for), `workdesk:board-painted` and the measure `workdesk:board`:
// request to its columns and cards painted (read with
// `performance.getEntriesByName("workdesk:board")`).
import { tick } from "svelte";
import { frame, mark } from "../../lib/marks";

export { mark };

/** Two frames after the board is in the DOM: measures `workdesk:board` from its request. */
export async function markBoardPainted(): Promise<void> {
  await tick();
  await frame();
  await frame();
  try {
    performance.mark("workdesk:board-painted");
    performance.measure("workdesk:board", "workdesk:board-requested", "workdesk:board-painted");
  } catch {
    // No User Timing here (the component tests): nothing to measure.
  }
}
