/**
 * The documents the benchmark renders: a one-page A4 payment notice (title, subtitle, four paragraphs
 * with eight tokens, a ten-row table with right-aligned amounts, footer) and a three-page statement
 * with a 60-item list section. Records vary per index so no two documents are alike.
 */
const money = (cents: number) => (cents / 100).toFixed(2);

export function noticeRecord(i: number) {
  const lines = Array.from({ length: 9 }, (_, k) => 500 + ((i * 7919 + k * 104729) % 20000));
  lines[8] = -Math.min(lines[8], 1500); // the discount
  return {
    customerId: `C${String(100000 + i)}`,
    customerName: `Customer ${i} ${["Smith", "Jones", "García", "Müller", "Dubois"][i % 5]}`,
    recipientEmail: `customer${i}@example.test`,
    amountDue: Number(money(lines.reduce((a, b) => a + b, 0))),
    dueDate: `2026-12-${String(1 + (i % 28)).padStart(2, "0")}`,
    iban: `DE89 3704 0044 ${String(1000 + (i % 9000))} ${String(1300 + (i % 700)).padStart(4, "0")} 00`,
    reference: `INV-2026-${String(i).padStart(6, "0")}`,
    ...Object.fromEntries(lines.map((c, k) => [`l${k + 1}`, money(c)])),
  };
}

const descriptions = [
  "Card payment, grocery store",
  "Salary",
  "Standing order, rent",
  "Direct debit, electricity",
  "Transfer to savings",
  "Card payment, pharmacy",
  "Refund, online shop",
  "Cash withdrawal",
];

export function statementRecord(i: number) {
  let balance = 100_000 + (i % 50) * 1_000;
  const opening = balance;
  const lines = Array.from({ length: 60 }, (_, k) => {
    const amount = ((i * 31 + k * 977) % 40_000) - 20_000;
    balance += amount;
    return {
      date: `2026-11-${String(1 + (k % 30)).padStart(2, "0")}`,
      description: descriptions[(i + k) % descriptions.length],
      amount: money(amount),
      balance: money(balance),
      ref: `TX${String(i).padStart(6, "0")}-${String(k + 1).padStart(2, "0")}`,
    };
  });
  return {
    accountId: `A-${String(1000 + i)}`,
    holder: `Account holder ${i}`,
    recipientEmail: `holder${i}@example.test`,
    period: "2026-11-30",
    opening: Number(money(opening)),
    closing: Number(money(balance)),
    lines,
  };
}

/**
 * The title Sealpost gives a batch record's PDF (its batch's title, which is the template's, and the
 * record's file name from the template's fileNameTemplate), so the renderer alone lays out and stamps
 * exactly the document the service does.
 */
export const benchDocuments = [
  {
    name: "one-page notice",
    template: "notice.md",
    record: noticeRecord,
    title: (i: number) => `Payment notice – notice-${noticeRecord(i).customerId}.pdf`,
  },
  {
    name: "three-page statement (60-item list)",
    template: "statement.md",
    record: statementRecord,
    title: (i: number) => `Account statement – statement-${statementRecord(i).accountId}.pdf`,
  },
] as const;
