// The page's entry. On a first run the first-run form, prerendered, is in
// the page already (first-screen.ts): the UI's scripts (app.ts and what it
// imports, most of the UI's code) are read and run once the form is
// painted, so that they do not hold up its first paint. Otherwise they
// run at once. Its styles are all in the page's one style sheet
// (vite.config.ts), read before anything is painted.
import "./app.css";

const start = () => void import("./app");
if (document.getElementById("app")?.dataset.prerendered) requestAnimationFrame(() => setTimeout(start, 0));
else start();
