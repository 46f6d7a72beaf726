"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { Select, Textarea } from "@/components/Field";
import type { ConfirmField, ConfirmState } from "@/lib/console/confirm";

/**
 * The confirmation step's form, for every console action: its fields (a comment, a justification, a
 * change request) and the one button that acts. `action` is the server action, bound to the batch or
 * workflow and the action; a refusal comes back in the error summary, with what was typed kept.
 */
export function ConfirmForm(props: {
  action: (prev: ConfirmState, form: FormData) => Promise<ConfirmState>;
  fields: ConfirmField[];
  submitLabel: string;
  backHref: string;
  backLabel: string;
}) {
  const t = useTranslations();
  const [state, submit, pending] = useActionState<ConfirmState, FormData>(props.action, {});
  const error = (name: string) => (state.field === name ? state.message : undefined);
  return (
    <form action={submit} noValidate>
      <ErrorSummary errors={state.message ? [{ targetId: state.field ?? "confirm", message: state.message }] : []} focusKey={state} />
      {props.fields.map((f) =>
        f.kind === "textarea" ? (
          <Textarea
            key={f.name}
            id={f.name}
            name={f.name}
            label={f.label}
            hint={f.hint}
            error={error(f.name)}
            defaultValue={state.values?.[f.name]}
            maxLength={f.maxLength}
            aria-required={f.required || undefined}
          />
        ) : (
          <Select
            // A select takes its default only when mounted, and the form is reset after a refusal: a new
            // key per submitted value mounts it again, so the choice survives like the typed text does.
            key={`${f.name}:${state.values?.[f.name] ?? ""}`}
            id={f.name}
            name={f.name}
            label={f.label}
            hint={f.hint}
            error={error(f.name)}
            options={f.options}
            emptyLabel={f.emptyLabel}
            defaultValue={state.values?.[f.name] ?? f.defaultValue}
          />
        ),
      )}
      <ButtonGroup>
        <Button id="confirm" type="submit" disabled={pending}>
          {pending ? t("console.common.pleaseWait") : props.submitLabel}
        </Button>
        <a href={props.backHref}>{props.backLabel}</a>
      </ButtonGroup>
    </form>
  );
}
