import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * zod's own JSON Schema (draft 2020-12, which OpenAPI 3.1 uses as is). Requests are described as
 * the client writes them (`io: "input"`: a query number is the string it is sent as, a default
 * makes a field optional), answers as the server writes them. Refinements and transforms have no
 * JSON Schema: they are checked by the route and said in descriptions.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
    override: ({ jsonSchema }) => {
      // Answers may gain fields without a new version (as Stripe's and GitHub's do), so a client must not
      // refuse unknown ones. Requests are described as zod writes them.
      if (io === "output") delete jsonSchema.additionalProperties;
      closeTuple(jsonSchema as JsonSchema);
    },
  }) as JsonSchema;
  if (rest.$defs) throw new Error("recursive zod schemas are not supported by the OpenAPI document yet (their $defs would need hoisting)");
  return rest;
}

/**
 * zod writes a tuple as `prefixItems` with `items: false`, which OpenAPI tools that predate JSON
 * Schema 2020-12 (Spectral's `array-items`) take for an array without an element schema. A tuple whose
 * elements are all of one schema (a byte range, a rectangle) gets `items` that schema instead, its
 * length fixed by minItems and maxItems: the same arrays, said both ways.
 */
function closeTuple(schema: JsonSchema): void {
  const prefix = schema.prefixItems as JsonSchema[] | undefined;
  if (!prefix?.length || (schema.items !== undefined && schema.items !== false)) return;
  const first = JSON.stringify(prefix[0]);
  if (!prefix.every((p) => JSON.stringify(p) === first)) return;
  Object.assign(schema, { items: prefix[0], minItems: prefix.length, maxItems: prefix.length });
}

/** The path or query parameters an object schema describes, one OpenAPI parameter each. */
export function parametersOf(schema: z.ZodType, where: "path" | "query"): Array<Record<string, unknown>> {
  const json = jsonSchemaOf(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: where, required: where === "path" || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}
