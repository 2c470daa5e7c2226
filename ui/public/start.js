// The window's first question to Rust, asked while the page is still being
// read: the workspace status (which screen to show) and the resources'
// schemas. The UI's scripts (about 330 kB) are read and run after this; by
// then the answers are usually in, and ui/src/lib/start.ts hands them to
// the window (App.svelte) instead of asking again. A plain script (not a
// module) so that it runs at once, from the page's <head>. The mark
// `workdesk:start-asked` (User Timing) says it ran.
(function () {
  var tauri = window.__TAURI_INTERNALS__;
  if (!tauri) return;
  performance.mark("workdesk:start-asked");
  var status = tauri.invoke("workspace_status");
  var schemas = tauri.invoke("resource_schemas");
  // A refusal is handled where the answers are taken, later.
  status.catch(function () {});
  schemas.catch(function () {});
  window.__workdeskStart = { status: status, schemas: schemas };
})();
