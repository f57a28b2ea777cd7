import { useRef, useState } from "react";
import { isCancelledRequest } from "../../../lib/http";

export type SubmitState = "idle" | "waiting" | "success" | "error";

export interface SubmitCycleOptions<Values, Result> {
  /** The request; runs only when no submit is under way. */
  send: (values: Values) => Promise<Result>;
  onSuccess?: (result: Result, values: Values) => void;
  /** A failure to show; cancelled calls never get here. */
  onFailure?: (error: unknown, values: Values) => void;
}

export interface SubmitCycle<Values> {
  state: SubmitState;
  /** True from the start of a submit until its answer. */
  waiting: boolean;
  /** Sends `values` unless a submit is under way, in which case it does nothing. */
  submit: (values: Values) => Promise<void>;
}

/**
 * The submit cycle every form of the console runs (forms §4, FM-SUBMIT-001/002): idle →
 * waiting → success or error, a second submit ignored while waiting. A cancelled call (a
 * route change, a password confirmation or code dialog the user closed) goes back to idle
 * and shows nothing (FM-423-006). Declarative forms run it through `useFormSubmit`,
 * hand-built ones through `useZodFormSubmit`.
 */
export function useSubmitCycle<Values, Result>({
  send,
  onSuccess,
  onFailure,
}: SubmitCycleOptions<Values, Result>): SubmitCycle<Values> {
  const [state, setState] = useState<SubmitState>("idle");
  // The state alone is a render late: two submits in one tick would both see "idle".
  const waiting = useRef(false);

  const submit = async (values: Values) => {
    if (waiting.current) return;
    waiting.current = true;
    setState("waiting");
    let result: Result;
    try {
      result = await send(values);
    } catch (error) {
      if (isCancelledRequest(error)) {
        setState("idle");
      } else {
        setState("error");
        onFailure?.(error, values);
      }
      return;
    } finally {
      waiting.current = false;
    }
    setState("success");
    onSuccess?.(result, values);
  };

  return { state, waiting: state === "waiting", submit };
}
