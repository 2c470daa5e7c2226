"""Closes Workdesk's window as a person does: sends every top-level X
window titled "Workdesk" the WM_DELETE_WINDOW message of the
WM_PROTOCOLS protocol (what a window manager sends when its close button
is clicked), so the app runs its exit handlers. SIGTERM would skip them.
Needs no window manager. Prints how many windows were asked."""
import sys

from Xlib import X, display
from Xlib.protocol import event

TITLE = sys.argv[1] if len(sys.argv) > 1 else "Workdesk"

screen_display = display.Display()
root = screen_display.screen().root
protocols = screen_display.intern_atom("WM_PROTOCOLS")
delete = screen_display.intern_atom("WM_DELETE_WINDOW")


def windows(window):
    yield window
    for child in window.query_tree().children:
        yield from windows(child)


asked = 0
for window in windows(root):
    try:
        if window.get_wm_name() != TITLE:
            continue
        if delete not in (window.get_wm_protocols() or []):
            continue
    except Exception:  # a window gone meanwhile
        continue
    message = event.ClientMessage(
        window=window, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0])
    )
    window.send_event(message, event_mask=X.NoEventMask)
    asked += 1
screen_display.flush()
print(asked)
