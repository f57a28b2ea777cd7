import { useState } from "react";
import { notifications } from "@mantine/notifications/store";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigator } from "../../../lib/router";
import { http } from "../../../lib/http";
import { i18n } from "../../../lib/i18n";
import { openActionStatusDialog } from "../dialog/action-status-dialog";
import type { DialogBodyProps } from "../dialog/dialog-types";
import { openErrorDialog } from "../dialog/error-dialog";
import { mapFormErrors, type MappedFormErrors } from "./form-errors";
import { resolveEndpoint, toMultipart } from "./form-payload";
import type { FormSchema, FormValues, SubmitResponse } from "./form-types";
import { successMessage } from "./result-messages";
import { type SubmitState, useSubmitCycle } from "./use-submit-cycle";

/** The window event tables listen to when a form without a query key changed data (forms §4). */
export const RELOAD_DATA_EVENT = "reload-data";

export interface FormSubmitOptions {
  /** The dialog the form is drawn in: closed on success, scrolled up on error. */
  dialog?: DialogBodyProps;
  /** The form is the `/forms/{name}/{id?}` page: success goes back one step. */
  onRoute?: boolean;
  /** Replaces `:id` in the endpoint. */
  routeId?: string;
  /** Keys of the fields on screen, for placing the server's errors (FM-ERR-004). */
  fieldKeys?: readonly string[];
  /** Receives the server's field errors. */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

export interface FormSubmit {
  state: SubmitState;
  /** Sends `values` (the payload, already transformed) unless a submit is under way. */
  submit: (values: FormValues) => Promise<void>;
  /** The last successful response (FM-SUBMIT-007). */
  response: SubmitResponse | undefined;
  /** The last failure's errors as mapped; `presentation` "list" is the form's to show. */
  errors: MappedFormErrors | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toSubmitResponse(body: unknown): SubmitResponse {
  if (!isRecord(body)) return { data: body };
  return {
    data: body.data,
    message: typeof body.message === "string" ? body.message : undefined,
    meta: isRecord(body.meta) ? body.meta : undefined,
  };
}

/** Going back one history step, when there is a router to go back in. */
export function useGoBack(): (() => void) | undefined {
  // Dialog bodies may be drawn outside the router; the context is then absent.
  const navigator = useNavigator();
  return navigator ? () => navigator.go(-1) : undefined;
}

function generalSuccess(schema: FormSchema): string {
  if (schema.item && schema.verb) return successMessage(schema.item, schema.verb);
  return i18n.t("form-errors:saved");
}

/**
 * The submit cycle (`useSubmitCycle`) of a declarative form (forms §4, FM-SUBMIT-001…014),
 * sending to the schema's endpoint. Success shows a toast, closes the dialog, stores the
 * response, runs `onSuccess`, then goes back (form route) or reloads the table; an action
 * channel opens the Action status dialog instead. Failure goes to `onError`, or through the
 * error catalogue (`mapFormErrors`).
 */
export function useFormSubmit(schema: FormSchema, options: FormSubmitOptions = {}): FormSubmit {
  const [response, setResponse] = useState<SubmitResponse>();
  const [errors, setErrors] = useState<MappedFormErrors>();
  const queryClient = useQueryClient();
  const goBack = useGoBack();

  const reload = () => {
    if (schema.reload === false) return;
    if (schema.reloadQueryKey) {
      void queryClient.invalidateQueries({ queryKey: schema.reloadQueryKey });
    } else {
      window.dispatchEvent(new CustomEvent(RELOAD_DATA_EVENT));
    }
  };

  const succeed = (result: SubmitResponse, values: FormValues) => {
    const channel = result.meta?.channel;
    if (typeof channel === "string" && channel) {
      if (schema.onChannel) {
        schema.onChannel(channel, result);
      } else {
        options.dialog?.close();
        const companyId = values.company_id;
        openActionStatusDialog({
          channel,
          selection: schema.selection,
          tableRef: schema.tableRef,
          companyId: typeof companyId === "number" ? companyId : undefined,
          onDone: reload,
        });
      }
      schema.onSuccess?.(result, values);
      return;
    }
    if (!schema.hideMessages) {
      const message = schema.successMessage ?? result.message ?? generalSuccess(schema);
      notifications.show({ color: "teal", message });
    }
    if (!schema.stayOpen) options.dialog?.close();
    schema.onSuccess?.(result, values);
    if (options.onRoute) {
      if (!schema.skipNavigation) goBack?.();
    } else {
      reload();
    }
  };

  const fail = (error: unknown, values: FormValues) => {
    if (schema.onError) {
      schema.onError(error);
      return;
    }
    const mapped = mapFormErrors(error, {
      fields: options.fieldKeys ?? [],
      submitted: values,
      useToast: schema.useToast,
      modalError: schema.modalError,
    });
    setErrors(mapped);
    options.onFieldErrors?.(mapped.fieldErrors);
    if (mapped.presentation === "toast") {
      notifications.show({ color: "red", message: mapped.general[0] });
    } else if (mapped.presentation === "modal") {
      openErrorDialog(mapped.general);
    }
    options.dialog?.scrollToTop();
  };

  const cycle = useSubmitCycle<FormValues, SubmitResponse>({
    send: async (values) => {
      setErrors(undefined);
      const answer = await http.request<unknown>({
        url: resolveEndpoint(schema, options.routeId),
        method: schema.method ?? "post",
        baseURL: schema.baseURL,
        data: schema.multipart ? toMultipart(values) : values,
      });
      return toSubmitResponse(answer.data);
    },
    onSuccess: (result, values) => {
      setResponse(result);
      succeed(result, values);
    },
    onFailure: fail,
  });

  return { state: cycle.state, submit: cycle.submit, response, errors };
}
