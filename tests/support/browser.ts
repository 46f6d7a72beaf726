import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";

/**
 * A fontconfig file for the test browser: the machine's fonts, plus the Noto Sans CJK faces the PDF
 * renderer embeds (already in node_modules). Debian's minimal images have no Chinese, Japanese or
 * Korean font, so a Japanese page drew as empty boxes in the screenshots people look at; a reader's
 * own browser has such fonts. Nothing is downloaded, and the product's pages are unchanged.
 */
function fontConfig(): string {
  const dir = path.join(os.tmpdir(), "sealpost-chromium-fonts");
  const file = path.join(dir, "fonts.conf");
  fs.mkdirSync(path.join(dir, "cache"), { recursive: true });
  const faces = ["noto-sans-jp", "noto-sans-kr", "noto-sans-sc"].flatMap((pkg) =>
    ["400Regular", "700Bold"].map((weight) => path.resolve("node_modules/@expo-google-fonts", pkg, weight)),
  );
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    "<fontconfig>",
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    ...faces.filter((d) => fs.existsSync(d)).map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${path.join(dir, "cache")}</cachedir>`,
    "</fontconfig>",
  ].join("\n");
  // Written whole under another name first: files of two workers may start their browsers at once.
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, xml);
  fs.renameSync(tmp, file);
  return file;
}

/** Debian's Chromium (Playwright cannot download its own browser here). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    env: { ...process.env, FONTCONFIG_FILE: fontConfig() },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
