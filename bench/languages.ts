/**
 * Languages section of `npm run bench` (issue 48), also run alone with BENCH_ONLY=languages: what a
 * page costs in another language than English, and what the browser is sent of the catalogues.
 * - Time: the participant portal and the signing page, each opened through its mailed
 *   link by a person whose language is Arabic (right to left), Japanese, or English (the reference),
 *   one request at a time to the last byte, the three interleaved so that the host's drift favours
 *   none; the browser asks for English (Accept-Language), as a participant abroad on a borrowed
 *   machine would, and the page is in the person's language all the same.
 * - Size: the messages each page ships to the browser in each language (only that language's, only
 *   the page's namespaces) beside what every language's would weigh; each page checked to carry its
 *   own language's words and no other's, and the built client scripts (.next/static) none.
 */
import fs from "node:fs";
import path from "node:path";
import { messagesFor, type Messages } from "@/lib/i18n/catalogues";
import { LOCALES, type SupportedLocale } from "@/lib/i18n/locales";
import { pickMessages } from "@/lib/i18n/pick-messages";
import { esignFixtures } from "../tests/support/esign-flow";
import { eventually, type Stack } from "../tests/support/stack";
import { startWorkflowStack } from "../tests/support/workflow";
import { percentile, line } from "./workflow";
import { timedGet } from "./measure";

const RUNS = Number(process.env.BENCH_LANGUAGE_RUNS || 60);
const WARM = 5;
const MEASURED = ["ar", "ja"] as const satisfies SupportedLocale[];
const REFERENCE = "en-GB" satisfies SupportedLocale;
const ALL = LOCALES.map((l) => l.tag as SupportedLocale);
const PAGES = {
  portal: ["common", "otp", "portal"],
  sign: ["common", "sign", "otp"],
} as const satisfies Record<string, ReadonlyArray<keyof Messages>>;

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");
const headers = { "accept-language": "en-GB,en;q=0.9" };

/** A travel claim whose participant reads `locale`: the portal link of the invitation mail. */
async function portalLink(stack: Stack, locale: SupportedLocale): Promise<string> {
  const email = `lang-${locale.toLowerCase()}-${Date.now()}@example.test`;
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId: `bench-lang-${locale}-${Date.now()}`,
    templateSettings: { workflow: { recipients: [{ email, displayName: `Reader ${locale}`, locale }] } },
  });
  if (res.status !== 201) throw new Error(`POST /api/workflow: ${res.status} ${await res.text()}`);
  const mail = await stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(email)), 60_000);
  const link = /https?:\/\/\S+\/portal\/[0-9a-f-]{36}\?pt=[\w.-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no portal link in "${mail.subject}"`);
  return link;
}

/** One e-signature workflow with a signer per language, sealed; each signer's link from their invitation. */
async function signingLinks(stack: Stack, locales: SupportedLocale[]): Promise<Record<string, string>> {
  const tag = Date.now();
  const signers = locales.map((locale) => ({
    name: `Signer ${locale}`,
    email: `sign-${locale.toLowerCase()}-${tag}@example.test`,
    locale,
  }));
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/governance.md",
    correlationId: `bench-lang-sign-${tag}`,
    templateSettings: {
      workflow: { recipients: [{ email: `gov-${tag}@example.test` }], organizationName: "Acme Ltd" },
      esign: { enabled: true, signingMode: "parallel", signers },
    },
    initialData: { amount: 120.5, costCentre: "OPS" },
  });
  if (res.status !== 201) throw new Error(`POST /api/workflow (e-signature): ${res.status} ${await res.text()}`);
  const { workflowId } = await res.json();
  const sealed = await stack.api("submitter", "POST", `/api/workflow/${workflowId}/seal`);
  if (sealed.status !== 200) throw new Error(`seal: ${sealed.status} ${await sealed.text()}`);
  const links: Record<string, string> = {};
  await eventually(
    async () => {
      for (const s of signers) {
        const mail = stack.smtp.messages.find((m) => m.to.includes(s.email));
        const token = mail && /\/sign\/([0-9a-f-]{36}\.[\w-]{43})/.exec(mail.text)?.[1];
        if (token) links[s.locale] = `${stack.baseUrl}/sign/${token}`;
      }
      return Object.keys(links).length === signers.length;
    },
    120_000,
    "every signer's invitation",
  );
  return links;
}

/** Leaf strings of one language's page messages, by key path. */
function leaves(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/**
 * A string of each language's page messages found in no other language's (plain words, nothing a
 * serializer would escape), to look for in a page and in the scripts: en-US shares most of en-GB's
 * words, so where it has none of its own it is left out.
 */
function probes(namespaces: ReadonlyArray<keyof Messages>): Map<SupportedLocale, string> {
  const words = new Map(ALL.map((l) => [l, [...leaves(pickMessages(messagesFor(l), namespaces)).values()]]));
  const elsewhere = (locale: SupportedLocale, value: string) =>
    ALL.some((other) => other !== locale && words.get(other)!.some((v) => v.includes(value)));
  const found = new Map<SupportedLocale, string>();
  for (const [locale, mine] of words) {
    const probe = mine.find((v) => v.length >= 16 && !/["'\\<>&{}]/.test(v) && !elsewhere(locale, v));
    if (probe) found.set(locale, probe);
  }
  return found;
}

/** The built client scripts' text, to show that no catalogue is bundled into them. */
function clientScripts(): string[] {
  const dir = path.join(".next", "static");
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".js")) files.push(fs.readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return files;
}

/** Pushes its figures to `lines`. */
export async function languagesBench(lines: string[]): Promise<void> {
  const fx = await esignFixtures();
  const stack = await startWorkflowStack({ db: "postgres", env: { ...fx.env, JOB_POLL_MS: "250", JOB_LEASE_MS: "60000" } });
  try {
    const locales = [REFERENCE, ...MEASURED] as SupportedLocale[];
    const portal: Record<string, string> = {};
    for (const l of locales) portal[l] = await portalLink(stack, l);
    const sign = await signingLinks(stack, locales);
    const times = { portal: new Map<string, number[]>(), sign: new Map<string, number[]>() };
    const html = { portal: new Map<string, string>(), sign: new Map<string, string>() };
    for (const page of ["portal", "sign"] as const) for (const l of locales) times[page].set(l, []);
    for (let r = 0; r < WARM + RUNS; r++) {
      // Each round in another order, so that no language is always first after a pause.
      const order = locales.map((_, i) => locales[(i + r) % locales.length]);
      for (const page of ["portal", "sign"] as const)
        for (const l of order) {
          const url = page === "portal" ? portal[l] : sign[l];
          const ms = await timedGet(url, headers, `lang="${l}"`);
          if (r >= WARM) times[page].get(l)!.push(ms);
        }
    }
    for (const page of ["portal", "sign"] as const)
      for (const l of locales) {
        const res = await fetch(page === "portal" ? portal[l] : sign[l], { headers });
        html[page].set(l, await res.text());
      }

    lines.push(
      `languages bench: the portal page and the signing page, each opened through a person's mailed link in ${locales.join(", ")} (the browser asking for English); ${RUNS} requests per page and language, one at a time, interleaved`,
    );
    const names = { portal: "portal page (travel claim, at its first step)", sign: "signing page" };
    for (const page of ["portal", "sign"] as const)
      for (const l of MEASURED) {
        const xs = times[page].get(l)!;
        const ref = times[page].get(REFERENCE)!;
        const speed = percentile(ref, 50) / percentile(xs, 50);
        lines.push(
          `${line(`${names[page]} in ${l}`, xs, `the same page in ${REFERENCE}`, ref)}; speed beside English (p50) ${speed.toFixed(2)}, target ≥ 0.95: ${speed >= 0.95 ? "met" : "NOT met"}`,
        );
      }

    const scripts = clientScripts();
    for (const page of ["portal", "sign"] as const) {
      const namespaces = PAGES[page];
      const shipped = (l: SupportedLocale) => utf8(JSON.stringify(pickMessages(messagesFor(l), namespaces)));
      const everyLanguage = ALL.reduce((n, l) => n + shipped(l), 0);
      const found = probes(namespaces);
      const wrong: string[] = [];
      for (const l of locales) {
        const body = html[page].get(l)!;
        for (const [other, probe] of found)
          if ((other === l) !== body.includes(probe)) wrong.push(`${l} page ${other === l ? "lacks its own" : `holds ${other}'s`} words`);
      }
      const bundled = [...found].filter(([, probe]) =>
        scripts.some((s) => s.includes(probe) || s.includes(JSON.stringify(probe).slice(1, -1))),
      );
      lines.push(
        `${names[page]}: messages sent to the browser (${namespaces.join(", ")}) ${locales.map((l) => `${l} ${(shipped(l) / 1024).toFixed(1)} KiB`).join(", ")}; every language's would be ${(everyLanguage / 1024).toFixed(0)} KiB; ` +
          `HTML ${locales.map((l) => `${l} ${(utf8(html[page].get(l)!) / 1024).toFixed(1)} KiB`).join(", ")}; ` +
          `words of another language in a page: ${wrong.length ? wrong.join("; ") : "none"} (${found.size} languages probed); catalogue words in the client scripts: ${bundled.length ? bundled.map(([l]) => l).join(", ") : "none"} (${scripts.length} scripts)`,
      );
    }
  } finally {
    await stack.stop();
    await fx.close();
  }
}
