// Processes the end-to-end tests need: the sandbox and tauri-driver.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { connect, createServer } from "node:net";

/** Starts `workdesk-sandbox --port 0` and resolves with its announcement line. */
export function startSandbox(binary) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`workdesk-sandbox exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      const { base_url: baseUrl, keys } = JSON.parse(line);
      resolve({ process: child, baseUrl, keys });
    });
  });
}

/** A TCP port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts tauri-driver (and through it WebKitWebDriver) on free ports and
 * resolves with `{ process, url }` once it accepts connections.
 */
export async function startTauriDriver() {
  const port = await freePort();
  const nativePort = await freePort();
  const child = spawn(
    "tauri-driver",
    ["--port", String(port), "--native-port", String(nativePort), "--native-driver", "/usr/bin/WebKitWebDriver"],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let exited = false;
    child.on("error", reject);
    child.on("exit", (code) => {
      exited = true;
      reject(new Error(`tauri-driver exited with ${code}`));
    });
    const attempt = (left) => {
      if (exited) return;
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolve({ process: child, url: `http://127.0.0.1:${port}/` });
      });
      socket.once("error", () => {
        if (left === 0) reject(new Error(`tauri-driver did not listen on ${port}`));
        else setTimeout(() => attempt(left - 1), 50);
      });
    };
    attempt(400);
  });
}
