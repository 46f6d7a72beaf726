import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SIGNERS } from "@/lib/signing/pdf/signature-page";
import { AppError } from "@/lib/http/problem";
import { esignFromRequest } from "@/lib/signing/signers/esign-request";
import { MAX_ESIGN_SIGNERS, resolveSigners, esignRequestSchema } from "@/lib/signing/signers/esign-settings";

const noRecipients = { recipients: [], requireOtp: false };

function refusal(raw: unknown, workflow: Parameters<typeof esignFromRequest>[1] = noRecipients): AppError {
  try {
    esignFromRequest(raw, workflow);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error(`accepted: ${JSON.stringify(raw)}`);
}

// Generated signer lists: addresses drawn from a small pool (so repeats happen), orders from a small range.
const signer = fc.record(
  {
    name: fc.constantFrom("Ada", "Bo Smith", "Жанна"),
    email: fc.constantFrom("a@x.test", "b@x.test", "A@X.test", "c@y.test", "d@y.test", "e@z.test"),
    order: fc.integer({ min: 1, max: 6 }),
    role: fc.constantFrom("CEO", "Witness"),
    requireOtp: fc.boolean(),
  },
  { requiredKeys: ["name", "email"] },
);
const request = fc.record({
  enabled: fc.constant(true),
  signers: fc.array(signer, { minLength: 1, maxLength: 25 }),
  signingMode: fc.constantFrom("parallel", "sequential"),
});

describe("templateSettings.esign at create", () => {
  it("keeps the signature page's limit", () => {
    expect(MAX_ESIGN_SIGNERS).toBe(MAX_SIGNERS);
  });

  it("is accepted by every server (no setting gates it since the signing page exists), and off means no signers", () => {
    const { settings, signers } = esignFromRequest({ enabled: true, signers: [{ name: "Ada", email: "ada@x.test" }] }, noRecipients);
    expect(settings).toEqual({ enabled: true, signingMode: "parallel", signers: [{ name: "Ada", email: "ada@x.test" }] });
    expect(signers).toHaveLength(1);
    expect(refusal({ enabled: true, signers: [] }).code).toBe("workflow.esign_invalid");
    expect(esignFromRequest({ enabled: false }, noRecipients)).toEqual({
      settings: { enabled: false, signingMode: "parallel", signers: null },
      signers: [],
    });
  });

  it("accepts a list exactly when it follows every rule, and names each broken rule's field (generated lists)", () => {
    fc.assert(
      fc.property(request, (req) => {
        const emails = req.signers.map((s) => s.email.toLowerCase());
        const dup = emails.findIndex((e, i) => emails.indexOf(e) !== i);
        const withOrder = req.signers.filter((s) => s.order !== undefined).length;
        const orders = req.signers.flatMap((s) => (s.order === undefined ? [] : [s.order]));
        const orderBroken =
          req.signingMode === "parallel"
            ? withOrder > 0
            : (withOrder > 0 && withOrder < req.signers.length) || new Set(orders).size < orders.length;
        const tooMany = req.signers.length > MAX_ESIGN_SIGNERS;
        const valid = dup < 0 && !orderBroken && !tooMany;
        let err: AppError | null = null;
        try {
          const { signers } = esignFromRequest(req, noRecipients);
          expect(signers).toHaveLength(req.signers.length);
          if (req.signingMode === "sequential") expect(signers.map((s) => s.order)).toEqual(signers.map((_, i) => i + 1));
          else expect(signers.every((s) => s.order === null)).toBe(true);
        } catch (e) {
          err = e as AppError;
        }
        expect(err === null, JSON.stringify({ req, err: err?.extra })).toBe(valid);
        if (!err) return;
        expect(err.code).toBe("workflow.esign_invalid");
        expect(err.status).toBe(422);
        const paths = (err.extra.errors ?? []).map((x) => x.path);
        if (tooMany) expect(paths).toContain("templateSettings.esign.signers");
        if (dup >= 0 && !tooMany) expect(paths).toContain(`templateSettings.esign.signers.${dup}.email`);
        if (orderBroken && !tooMany) expect(paths.some((p) => /^templateSettings\.esign\.signers\.\d+\.order$/.test(p))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("orders sequential signers by order, and parallel ones as listed", () => {
    const signers = [
      { name: "C", email: "c@x.test", order: 3 },
      { name: "A", email: "a@x.test", order: 1 },
      { name: "B", email: "b@x.test", order: 2 },
    ];
    const seq = resolveSigners(esignRequestSchema.parse({ enabled: true, signingMode: "sequential", signers }), [], false);
    expect(seq.map((s) => [s.name, s.order])).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 3],
    ]);
    const par = resolveSigners(esignRequestSchema.parse({ enabled: true, signers: signers.map(({ order: _, ...s }) => s) }), [], false);
    expect(par.map((s) => [s.name, s.order])).toEqual([
      ["C", null],
      ["A", null],
      ["B", null],
    ]);
  });

  it("lets the recipients sign when no signers are given, with the workflow's requireOtp", () => {
    const recipients = [{ email: "pat@x.test", displayName: "Pat Doe" }, { email: "sam@x.test" }];
    const { signers } = esignFromRequest({ enabled: true, signingMode: "sequential" }, { recipients, requireOtp: true });
    expect(signers).toEqual([
      { name: "Pat Doe", email: "pat@x.test", role: null, order: 1, requireOtp: true, locale: null },
      { name: "sam@x.test", email: "sam@x.test", role: null, order: 2, requireOtp: true, locale: null },
    ]);
    expect(refusal({ enabled: true }).extra.errors).toEqual([
      {
        path: "templateSettings.esign.signers",
        message: "is required when templateSettings.workflow.recipients is empty: somebody has to sign",
      },
    ]);
    const twice = refusal({ enabled: true }, { recipients: [{ email: "a@x.test" }, { email: "A@x.test" }], requireOtp: false });
    expect(twice.extra.errors?.[0].path).toBe("templateSettings.workflow.recipients.1.email");
  });

  it("keeps each signer's language as the catalogue it names (de-DE is de), and refuses one Sealpost does not write as a participant's is refused", () => {
    const { settings, signers } = esignFromRequest(
      {
        enabled: true,
        signers: [
          { name: "Ada", email: "ada@x.test", locale: "de-DE" },
          { name: "Bo", email: "bo@x.test", locale: "ar" },
          { name: "Cy", email: "cy@x.test" },
        ],
      },
      noRecipients,
    );
    expect(signers.map((s) => s.locale)).toEqual(["de", "ar", null]);
    // The recipients who sign, when no signers are named, sign in their own language.
    const fromRecipients = esignFromRequest({ enabled: true }, { recipients: [{ email: "r@x.test", locale: "ja" }], requireOtp: false });
    expect(fromRecipients.signers.map((s) => s.locale)).toEqual(["ja"]);
    expect(settings?.signers?.map((s) => s.locale)).toEqual(["de", "ar", undefined]);
    for (const bad of ["xx", "en-XA", "", "*", "de_DE_x"]) {
      const r = refusal({ enabled: true, signers: [{ name: "Ada", email: "ada@x.test", locale: bad }] });
      expect(r.code, bad).toBe("workflow.locale_unsupported");
      expect(r.extra.errors?.[0].path, bad).toBe("templateSettings.esign.signers.0.locale");
      expect(r.extra.errors?.[0].message, bad).toMatch(/is not a language Sealpost writes; use one of en-GB, en-US, de, /);
    }
  });

  it("names unknown keys, wrong types and a bad mode as 422s of the esign field", () => {
    const e = refusal({ enabled: true, signingMode: "random", signers: [{ name: "", email: "nope", extra: 1 }] });
    expect(e.code).toBe("workflow.esign_invalid");
    expect(e.extra.errors?.map((x) => x.path).sort()).toEqual(
      [
        "templateSettings.esign.signers.0",
        "templateSettings.esign.signers.0.email",
        "templateSettings.esign.signers.0.name",
        "templateSettings.esign.signingMode",
      ].sort(),
    );
    expect(refusal("yes").extra.errors?.[0].path).toBe("templateSettings.esign");
  });
});
