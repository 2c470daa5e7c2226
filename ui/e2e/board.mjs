// The leads board in the real app, shared by board.test.mjs (light theme)
// and board-dark.test.mjs (dark): opening it from the Leads list, and axe
// (a11y.mjs) over it in English and Spanish, with a card's "Move to…" menu
// open.
import { By } from "selenium-webdriver";
import { WAIT_MS, clickInView, connectToSandbox, openSection, screenshot, visible } from "./support.mjs";
import { violations } from "./a11y.mjs";

/** Opens Leads › Board (`board`: the switch's word in the language on screen) and waits for its cards. */
export async function boardShown(app, board = "Board") {
  await clickInView(app, await visible(app, By.xpath(`//nav[contains(@class,'lead-views')]//button[normalize-space(.)='${board}']`)));
  await app.wait(async () => (await app.findElements(By.css("section.column li.card"))).length > 0, WAIT_MS, "the board's cards");
}

/**
 * axe over the board, then with the first card's Move to… menu open, in
 * English, then in Spanish; returns what it found, by screen. The app is
 * connected already (an earlier test of the file) or connected here to
 * `sandbox`.
 */
export async function checkBoard(app, theme, sandbox) {
  const problems = [];
  const check = async (name) => {
    const found = await violations(app);
    if (found.length > 0) {
      await screenshot(app, `a11y-${theme}-${name}`);
      problems.push(`${theme} ${name}:\n  ${found.join("\n  ")}`);
    }
  };
  if (sandbox) {
    await visible(app, By.css("form input"));
    await connectToSandbox(app, sandbox);
  }
  for (const [language, leads, board] of [
    ["en", "Leads", "Board"],
    ["es", "Clientes potenciales", "Tablero"],
  ]) {
    if (language === "es") {
      await openSection(app, "Preferences");
      const choice = await visible(app, By.css("select#language"));
      await choice.findElement(By.css("option[value='es']")).click();
      await visible(app, By.css("html[lang^='es']"));
    }
    await openSection(app, leads);
    await boardShown(app, board);
    await check(`${language}-board`);
    const card = await visible(app, By.css("section.column li.card"));
    await clickInView(app, await card.findElement(By.css(".move > button")));
    await visible(app, By.css("ul.choices button"));
    await check(`${language}-board-move-to`);
    await screenshot(app, `board-${theme}-${language}`);
  }
  return problems;
}
