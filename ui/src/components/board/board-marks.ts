// The leads board's performance marks (User Timing), as the list's and
// the overview's (lib/marks.ts): `workdesk:board-requested` (the board
// asked for), `workdesk:board-painted` and the measure `workdesk:board`:
// request to its columns and cards painted (read with
// `performance.getEntriesByName("workdesk:board")`).
import { mark, measure, painted } from "../../lib/marks";

export { mark };

/** Once the board in the DOM is painted: measures `workdesk:board` from its request. */
export async function markBoardPainted(): Promise<void> {
  await painted();
  mark("workdesk:board-painted");
  measure("workdesk:board", "workdesk:board-requested", "workdesk:board-painted");
}
