import { describe, expect, it } from "vitest";
import type { Env } from "@/lib/env";
import { devMailPageShown } from "@/lib/mail/dev-mail-page";

describe("/dev/mail and the links to it", () => {
  it("is shown in development, and in production only with DEV_MAIL_PAGE", () => {
    const e = (NODE_ENV: Env["NODE_ENV"], DEV_MAIL_PAGE: boolean) => ({ NODE_ENV, DEV_MAIL_PAGE }) as Env;
    expect(devMailPageShown(e("development", false))).toBe(true);
    expect(devMailPageShown(e("test", false))).toBe(true);
    expect(devMailPageShown(e("production", false))).toBe(false);
    expect(devMailPageShown(e("production", true))).toBe(true);
  });
});
