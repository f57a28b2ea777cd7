import type { ReactNode } from "react";
import type { Permission } from "@netfleet/contracts/permissions";
import type { ListItemRules } from "@netfleet/contracts/validation";
import type { z } from "zod";
import type { Method } from "../../../lib/http-client";

/**
 * Declarative forms (forms §3 "Form field definition", §4 "Form submit cycle"). A screen
 * declares a `FormSchema`; `SchemaForm` renders and validates it and `useFormSubmit`
 * runs the submit cycle and maps the server's errors (forms §8). Create and edit share
 * one schema. A form laid out by hand takes its state from `useZodForm` and its submit from
 * `useZodFormSubmit` instead; both kinds run `useSubmitCycle` and the error catalogue.
 */

export type FormValues = Record<string, unknown>;

/** A rule given as a value or as a function of the form's current values (FM-FIELD-004). */
export type Rule<T> = T | ((values: FormValues) => T);

export type FieldType =
  | "text"
  | "email"
  | "number"
  | "password"
  | "file"
  | "textarea"
  | "color"
  | "checkbox"
  | "radio"
  | "select"
  | "hidden";

export type FieldComponent =
  "ItemSelect" | "DeviceSelect" | "BaseAlert" | "ListInput" | "TableInput";

export interface FieldOption {
  value: string;
  label: string;
  /** Shown under the option when the field sets `optionDescriptionBlock`. */
  description?: string;
  disabled?: boolean;
}

/** List input options (forms §3): the item rules of contracts, plus how items are entered. */
export interface ListInputOptions extends ListItemRules {
  /** Keys that add the typed item; default Enter and comma. */
  addKeys?: readonly string[];
  showCsvUpload?: boolean;
}

/** A column of a table input: rows are objects keyed by column keys. */
export interface TableColumn {
  key: string;
  title: string;
  pattern?: string;
  maxlength?: number;
}

/** Where an ItemSelect / DeviceSelect reads its options: server-side search, pages of 100. */
export interface ItemSource {
  /** API path, e.g. "/api/companies". */
  endpoint: string;
  /** Property used as the value; default "id". */
  valueKey?: string;
  /** Property (or function) used as the label; default "name". */
  labelKey?: string | ((item: Record<string, unknown>) => string);
  /** Extra query parameters (fields, level, type…). */
  params?: Record<string, unknown>;
  /**
   * Labels of values chosen before (an edit form's current company), shown until the page
   * holding them is loaded.
   */
  labels?: Readonly<Record<string, string>>;
}

export interface FieldDefinition {
  key: string;
  /** Already translated. */
  label?: string;
  type?: FieldType;
  component?: FieldComponent;
  required?: Rule<boolean>;
  options?: readonly FieldOption[];
  /** Shown only while this holds; a hidden field's value is cleared (FM-FIELD-005/006). */
  depends?: (values: FormValues) => boolean;
  /** Shown only to users holding this permission (FM-FIELD-008). */
  permission?: Permission;
  min?: Rule<number | undefined>;
  max?: Rule<number | undefined>;
  minlength?: Rule<number | undefined>;
  maxlength?: Rule<number | undefined>;
  pattern?: Rule<string | RegExp | undefined>;
  /** Mask with the tokens # * S F A a and ! (see mask.ts). */
  mask?: Rule<string | undefined>;
  placeholder?: string;
  /** Small text under the field. */
  subtext?: ReactNode;
  /** Tooltip text by the label. */
  hint?: string;
  /** Text or node inside the input's right side (a unit, say). */
  addon?: ReactNode;
  /** Password only: a Generate button that fills in a 16-character password. */
  generate?: boolean;
  /** File only: accepted types ("image/png,.json"). */
  accept?: string;
  /** File only: maximum size in bytes; default 83886080. */
  maxSize?: number;
  /** File only: warn about size as "80MB" and about forbidden symbols in the name. */
  warnings?: boolean;
  /** File only, with `warnings`: spaces in the name are flagged too. */
  disallowSpaces?: boolean;
  step?: number;
  /** Checkbox only: the values stored when ticked / not ticked (default true / false). */
  trueValue?: unknown;
  falseValue?: unknown;
  disabled?: Rule<boolean>;
  onChange?: (value: unknown, values: FormValues) => FormValues | void;
  multiple?: boolean;
  /** BaseAlert or a link field: where the link goes and its text. */
  href?: string;
  linkText?: string;
  icon?: ReactNode;
  optionDescriptionBlock?: boolean;
  /** ListInput only. */
  list?: ListInputOptions;
  /** TableInput only. */
  columns?: readonly TableColumn[];
  /** ItemSelect / DeviceSelect only. */
  source?: ItemSource;
  /** BaseAlert only: the alert's text and colour. */
  alert?: { text: ReactNode; color?: "blue" | "yellow" | "red" | "green" };
  /** Custom check run after the built-in rules; returns a message or null. */
  validate?: (value: unknown, values: FormValues) => string | null;
}

/** What a success or failure reports back to the screen that declared the form. */
export interface SubmitResponse {
  data: unknown;
  message?: string;
  meta?: Record<string, unknown>;
}

export interface FormSchema {
  /** Registry name for `/forms/{name}` and analytics. */
  name?: string;
  fields: readonly FieldDefinition[];
  /** Values the form starts with (edit forms: the entity's). */
  initialValues?: FormValues;
  /** API path the form submits to; `:id` is replaced with the route's id. */
  endpoint: string;
  /** Default "post". */
  method?: Method;
  baseURL?: string;
  /** Send multipart/form-data (file fields), nested objects in indexed array notation. */
  multipart?: boolean;
  /** Turns the values into the payload (drop helpers, rename keys). */
  transform?: (values: FormValues) => unknown;
  /** Zod schema from contracts that the values must also pass (the server's request schema). */
  validation?: z.ZodType;
  /** Item and verb for the generic messages "<Item> <verb>ed successfully" (FM-ERR-017). */
  item?: string;
  verb?: "create" | "update" | "delete" | "move" | "send" | "upload" | "activate";
  submitText?: string;
  successMessage?: string;
  /** No success toast at all. */
  hideMessages?: boolean;
  /** Keep the dialog open after success. */
  stayOpen?: boolean;
  /** false: neither reload the table nor emit reload-data. */
  reload?: boolean;
  /** Query key (prefix) of the table to reload; without it a reload-data event is emitted. */
  reloadQueryKey?: readonly unknown[];
  /** On the form route: stay instead of going back one history step. */
  skipNavigation?: boolean;
  /** A single general error becomes a toast (FM-ERR-008). */
  useToast?: boolean;
  /** A single general error opens an error dialog (FM-ERR-009). */
  modalError?: boolean;
  onSuccess?: (response: SubmitResponse, values: FormValues) => void;
  /** Takes over error handling entirely (FM-ERR-016). */
  onError?: (error: unknown) => void;
  /** Takes over an action channel instead of the Action status dialog (FM-SUBMIT-014). */
  onChannel?: (channel: string, response: SubmitResponse) => void;
  /** Table selection and reference for the Action status dialog. */
  selection?: readonly (number | string)[];
  tableRef?: string;
  helpLinkKey?: string;
}
