import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";

// Headless Chromium (Debian's `chromium`, never a downloaded browser) for the HTML report tests.

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The system Chromium, or why there is none (the browser tests then skip, saying so). */
export function findChromium(): { path: string } | { missing: string } {
  const env = process.env.FAK_CHROMIUM;
  if (env)
    return existsSync(env) ? { path: env } : { missing: `FAK_CHROMIUM=${env} does not exist` };
  for (const p of CANDIDATES) if (existsSync(p)) return { path: p };
  try {
    const found = execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
    if (found) return { path: found };
  } catch {}
  return { missing: "no chromium installed (apt-get install -y chromium)" };
}

/** What a page did when opened: console errors, uncaught errors, and every request it tried. */
export interface PageVisit {
  consoleErrors: string[];
  pageErrors: string[];
  requests: string[];
  screenshot: string;
}

/**
 * Open `file` in headless Chromium with the network cut off (every request other than the
 * file itself is recorded and aborted), run `inspect` on the page, and save a full-page
 * screenshot at `screenshot`.
 * @example await visit(chrome, "report.html", "shot.png", async (page) => page.title());
 */
export async function visit<T>(
  chromiumPath: string,
  file: string,
  screenshot: string,
  inspect: (page: Page) => Promise<T>,
): Promise<{ visit: PageVisit; result: T }> {
  const { chromium } = await import("playwright-core");
  // A fresh profile each time (Playwright passes it as --user-data-dir).
  const profile = await mkdtemp(join(tmpdir(), "fak-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const page = await context.newPage();
    const seen: PageVisit = { consoleErrors: [], pageErrors: [], requests: [], screenshot };
    const own = pathToFileURL(file).href;
    page.on("console", (m) => {
      if (m.type() === "error") seen.consoleErrors.push(m.text());
    });
    page.on("pageerror", (e) => seen.pageErrors.push(e.message));
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url === own) return route.continue();
      seen.requests.push(url);
      return route.abort();
    });
    await page.goto(own, { waitUntil: "load" });
    const result = await inspect(page);
    await page.screenshot({ path: screenshot, fullPage: true });
    return { visit: seen, result };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
