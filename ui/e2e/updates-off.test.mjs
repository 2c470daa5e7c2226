// Updates turned off by the organisation: a machine policy file saying
// `{"updates": "off"}` (WORKDESK_POLICY_FILE stands for the machine's
// file in debug builds) wins over a user's environment naming an update
// server, Preferences says so, and no request ever reaches that server
// (the app trusts the test key: only the policy keeps it from asking).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { By } from "selenium-webdriver";
import { appUnderTest, byButton, connectToSandbox, openSection, visible } from "./support.mjs";

const requests = [];
const server = createServer((request, response) => {
  requests.push(request.url);
  response.writeHead(204);
  response.end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const policy = join(mkdtempSync(join(tmpdir(), "workdesk-policy-")), "policy.json");
writeFileSync(policy, JSON.stringify({ updates: "off" }));

const context = appUnderTest("the app built from this tree", {
  WORKDESK_POLICY_FILE: policy,
  WORKDESK_UPDATES: `http://127.0.0.1:${server.address().port}/latest.json`,
  WORKDESK_UPDATE_PUBKEY: readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), "fixtures", "updater", "test.key.pub"),
    "utf8",
  ).trim(),
});

test("a policy file that turns updates off wins over the environment: Preferences says who decided, and nothing is asked", async () => {
  const app = await context.open();
  try {
    await connectToSandbox(app, context.sandbox);
    await openSection(app, "Preferences");
    const section = await visible(app, By.css("section.preferences .updates"));
    const text = await section.getText();
    assert.match(text, /Workdesk does not look for updates\./);
    assert.match(text, /Managed by your organisation\./);
    assert.ok(text.includes(`Set in ${policy}.`), text);
    assert.equal((await app.findElements(byButton("Check now"))).length, 0, "nothing to check");
    assert.deepEqual(requests, [], "no request reached the update server");
  } finally {
    await app.quit();
    server.close();
  }
});
