"use client";
import { useActionState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { Textarea } from "@/components/Field";
import { confirmBatchAction, type ConfirmState } from "./actions";

/** The confirmation step's form: an optional (or required) comment and the one button that acts. */
export function ConfirmForm(props: { batchId: string; action: string; submitLabel: string; commentLabel: string | null; commentHint: string; commentRequired: boolean; backHref: string }) {
  const [state, submit, pending] = useActionState<ConfirmState, FormData>(confirmBatchAction.bind(null, props.batchId, props.action), {});
  const fieldError = state.field === "comments" ? state.message : undefined;
  return (
    <form action={submit} noValidate>
      <ErrorSummary errors={state.message ? [{ targetId: state.field === "comments" ? "comments" : "confirm", message: state.message }] : []} focusKey={state} />
      {props.commentLabel && (
        <Textarea
        id="comments"
        name="comments"
        label={props.commentLabel}
        hint={props.commentHint}
        error={fieldError}
        defaultValue={state.comments}
        maxLength={4000}
        aria-required={props.commentRequired || undefined}
        />
      )}
      <ButtonGroup>
        <Button id="confirm" type="submit" disabled={pending}>
          {pending ? "Please wait…" : props.submitLabel}
        </Button>
        <a href={props.backHref}>No, go back to the batch</a>
      </ButtonGroup>
    </form>
  );
}
