// Processes the end-to-end tests need: the sandbox and tauri-driver.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { connect } from "node:net";

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

/** Starts tauri-driver on port 4444 and resolves once it accepts connections. */
export function startTauriDriver() {
  const child = spawn("tauri-driver", ["--native-driver", "/usr/bin/WebKitWebDriver"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`tauri-driver exited with ${code}`)));
    const attempt = (left) => {
      const socket = connect(4444, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolve(child);
      });
      socket.once("error", () => {
        if (left === 0) reject(new Error("tauri-driver did not listen on 4444"));
        else setTimeout(() => attempt(left - 1), 50);
      });
    };
    attempt(400);
  });
}
