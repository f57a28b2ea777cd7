import type { FormSchema } from "../components/ui/form/form-types";

/** What a registered form is built from: the route's id, for forms that work on one thing. */
export interface FormFactoryInput {
  id?: string;
}

/** Builds a form's schema; an edit form may first load the thing it edits. */
export type FormFactory = (input: FormFactoryInput) => FormSchema | Promise<FormSchema>;

/** Loads a form's code on first use, so forms no one opens cost nothing. */
export type FormLoader = () => Promise<FormFactory>;

/**
 * The forms `/forms/{name}/{id?}` can show, by the names of contracts' `FORM_ROUTES`. A
 * name joins as its capability arrives; until then its page keeps the empty state.
 */
export const FORM_REGISTRY: Readonly<Record<string, FormLoader>> = {
  "new-tag": () => import("../features/tags/tag-form").then((m) => m.newTagForm),
  "new-role": () => import("../features/roles/role-form").then((m) => m.newRoleForm),
  "add-device": () =>
    import("../features/devices/add-device/add-device-form").then((m) => m.addDeviceRouteForm),
};

/** The loader of a registered form, or undefined for any other name. */
export function registeredForm(name: string): FormLoader | undefined {
  return Object.hasOwn(FORM_REGISTRY, name) ? FORM_REGISTRY[name] : undefined;
}
