/**
 * Step data of the bench workflow (bench/workflow/capex-request.yaml): a capital expenditure request
 * per participant index, varied (currencies, kinds of investment, funding, dates, amounts) and
 * consistent, so that every error-severity rule passes and the final advance reaches pending-approval
 * (some warnings fail, as in real submissions). `autosaves` turns a step into the PATCH bodies a
 * person typing in the portal would send.
 */
export type StepValues = Record<string, string | number | boolean>;

const names = ["Ana Ferreira", "Jonas Weber", "Claire Dubois", "Tomasz Nowak", "Priya Raman", "Liam O'Connor", "Sofia Rossi", "Kenji Sato"];
const projects = {
  equipment: ["Second CNC milling centre for line 3", "Automated pallet wrapper", "Laboratory fume cupboards"],
  replacement: ["Replace the 2009 air compressor", "Replace forklift batteries", "Renew the cold store refrigeration"],
  "it-hardware": ["Warehouse scanner fleet refresh", "Storage array for the ERP", "Meeting room video systems"],
  software: ["Fleet routing software licences", "Quality management system", "Contract lifecycle management"],
  facilities: ["LED lighting in hall B", "Solar panels on the logistics roof", "Loading dock levellers"],
  vehicle: ["Two electric delivery vans", "Yard tractor", "Service van for field engineers"],
} as const;
type ProjectType = keyof typeof projects;
const projectTypes = Object.keys(projects) as ProjectType[];
const isIt = (t: ProjectType) => t === "it-hardware" || t === "software";
const rates = { EUR: 1, USD: 0.92, GBP: 1.17, CHF: 1.05 } as const;
const currencies = ["EUR", "EUR", "EUR", "USD", "GBP", "CHF"] as const;

const pad = (n: number, w: number) => String(n).padStart(w, "0");
const money = (cents: number) => Math.round(cents) / 100;
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The four steps' values of participant `i`, in the schema's field order. */
export function capexRequest(i: number): [StepValues, StepValues, StepValues, StepValues] {
  const type = projectTypes[(i * 7) % projectTypes.length];
  const department = isIt(type) ? "it" : (["operations", "facilities", "logistics", "research", "finance"] as const)[i % 5];
  const name = names[i % names.length];
  const priority = (["low", "medium", "medium", "high", "critical"] as const)[i % 5];
  const regulatory = i % 4 === 0;
  const budgeted = i % 3 !== 0;
  const requestDate = `2026-${pad(1 + (i % 9), 2)}-${pad(1 + (i % 27), 2)}`;
  const title = projects[type][i % 3];

  const step0: StepValues = {
    requesterName: name,
    requesterEmail: `${name.split(" ")[0].toLowerCase()}.${i}@northwind.example`,
    department,
    costCentre: `CC-${department === "it" ? 2 : [1, 3, 4, 5, 6][i % 5]}${pad(i % 1000, 3)}`,
    projectTitle: title,
    projectType: type,
    priority,
    justification:
      `${title}: the current installation no longer meets our needs. Expected benefits are lower running costs, ` +
      `fewer breakdowns and better working conditions for the team (request ${i}).`,
    isBudgeted: budgeted,
    ...(budgeted ? { budgetReference: `BUD-2026-${pad(i % 1000, 3)}` } : {}),
    regulatoryRequirement: regulatory,
    ...(regulatory
      ? {
          regulationReference: ["EU Machinery Regulation 2023/1230", "Workplace Regulations 1992, reg. 8", "EN 16798-1 ventilation"][i % 3],
        }
      : {}),
    requestDate,
  };

  const currency = currencies[i % currencies.length];
  const rate = rates[currency];
  const equipment = type === "software" ? 0 : 500_000 + ((i * 7919) % 15_000_000); // cents
  const installation = type === "software" || type === "vehicle" ? 0 : Math.round(equipment * 0.1);
  const training = Math.round(equipment * 0.05) + (isIt(type) ? 150_000 : 0);
  const software = isIt(type) ? 200_000 + ((i * 131) % 5_000_000) : 0;
  const pct = [0, 5, 7.5, 10][i % 4];
  const base = equipment + installation + training + software;
  const contingency = Math.round((base * pct) / 100);
  const total = base + contingency;
  const totalEur = Math.round(total * rate);
  const quotes = totalEur > 2_500_000 ? (i % 7 === 0 ? 1 : 3) : i % 2 ? 2 : 1;
  const life = type === "vehicle" ? 8 : isIt(type) ? 5 : 10 + (i % 15);
  const step1: StepValues = {
    currency,
    exchangeRate: rate,
    equipmentCost: money(equipment),
    ...(installation ? { installationCost: money(installation) } : {}),
    trainingCost: money(training),
    ...(software ? { softwareCost: money(software) } : {}),
    contingencyPct: pct,
    contingencyAmount: money(contingency),
    totalCost: money(total),
    totalCostEur: money(totalEur),
    annualMaintenance: money(total * 0.05),
    usefulLifeYears: life,
    ...(equipment ? { residualValue: money(equipment * 0.1) } : {}),
    quotesObtained: quotes,
    preferredSupplier: ["Hoffmann Maschinenbau GmbH", "Delta Systems Ltd", "Ouest Équipements SA", "Nordic Fleet AB"][i % 4],
    supplierQuoteRef: `Q-2026-${pad(i, 5)}`,
    ...(quotes === 1
      ? {
          singleSourceReason:
            "Only certified service partner for the existing installation in our region; a second supplier would void the warranty.",
        }
      : {}),
  };

  const orderDate = addDays(requestDate, 14 + (i % 20));
  const deliveryDate = addDays(orderDate, 21 + (i % 40));
  const installDate = installation ? addDays(deliveryDate, 7) : null;
  const funding = budgeted ? (["capex-budget", "lease"] as const)[i % 2] : (["opex", "grant"] as const)[i % 2];
  const payback = [2, 2.5, 3, 3.5, 4][i % 5];
  const savings = regulatory ? 0 : Math.round(totalEur / payback);
  const step2: StepValues = {
    orderDate,
    deliveryDate,
    ...(installDate ? { installDate } : {}),
    goLiveDate: addDays(installDate ?? deliveryDate, 5),
    ...(equipment ? { warrantyEndDate: addDays(deliveryDate, 730) } : {}),
    fundingSource: funding,
    ...(funding === "grant" ? { grantReference: `GR-EFRE-${pad(i, 4)}`, grantAmount: money(totalEur * 0.4) } : {}),
    ...(funding === "lease" ? { leaseTermMonths: 36 + (i % 4) * 12 } : {}),
    ...(savings ? { annualSavings: money(savings), paybackYears: payback } : {}),
    ...(totalEur > 5_000_000 || i % 2 ? { npv: money(totalEur * 0.15), irrPct: 6 + (i % 12) } : {}),
  };

  const risk = (["low", "medium", "high", "severe"] as const)[(i * 3) % 4];
  const environmental = type === "vehicle" || (type === "facilities" && i % 2 === 0);
  const personal = isIt(type) && i % 2 === 1;
  const headcount = (i % 5) - 1;
  const step3: StepValues = {
    riskRating: risk,
    ...(risk === "high" || risk === "severe"
      ? {
          riskMitigation:
            "Supplier delivers with a fixed-price contract, staged payments against milestones and a fallback to the current installation until acceptance.",
        }
      : {}),
    environmentalImpact: environmental,
    ...(environmental ? { environmentalAssessmentRef: `EIA-${pad(i, 5)}` } : {}),
    personalData: personal,
    ...(personal ? { dpiaReference: `DPIA-2026-${pad(i, 4)}` } : {}),
    securityReviewed: isIt(type),
    headcountChange: headcount,
    ...(headcount > 0 ? { hiringPlan: `${headcount} operator post(s), advertised internally first, filled before go-live.` } : {}),
    declarationName: name,
    declarationDate: addDays(requestDate, 2),
    confirmAccuracy: true,
  };
  return [step0, step1, step2, step3];
}

/** Small deterministic generator, so every run sends the same requests. */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * The PATCH bodies' `data` of one step as a person fills it in with autosave (800 ms after the last
 * keystroke): long text and large amounts are saved half-typed first, then whole; a save holds the
 * one to three fields touched since the previous one. Every field ends at its final value.
 */
export function autosaves(values: StepValues, seed: number): StepValues[] {
  const rnd = prng(seed);
  const edits: Array<[string, string | number | boolean]> = [];
  for (const [key, v] of Object.entries(values)) {
    if (typeof v === "string" && v.length > 12 && !/^\d{4}-\d\d-\d\d$/.test(v)) edits.push([key, v.slice(0, Math.ceil(v.length / 2))]);
    if (typeof v === "number" && Math.abs(v) >= 1000) edits.push([key, Math.trunc(v / 100)]);
    edits.push([key, v]);
  }
  const saves: StepValues[] = [];
  for (let k = 0; k < edits.length;) {
    const n = 1 + Math.floor(rnd() * 3);
    saves.push(Object.fromEntries(edits.slice(k, k + n)));
    k += n;
  }
  return saves;
}
