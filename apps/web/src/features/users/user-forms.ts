import { notifications } from "@mantine/notifications/store";
import { z } from "zod";
import { displayRoleName } from "@netfleet/contracts/schemas/roles";
import {
  type User,
  userMoveBodySchema,
  userUpdateBodySchema,
} from "@netfleet/contracts/schemas/users";
import type { FormSchema, FormValues } from "../../components/ui/form/form-types";
import { failureMessage } from "../../components/ui/form/result-messages";
import { i18n } from "../../lib/i18n";
import { usersQueryKey } from "./api/list-users";

/** The help-link key of the user forms: the users page's documentation. */
const HELP_KEY = "users.table";

/** The user a form works on: the fields both the list row and the user's dialog have. */
export type UserRef = Pick<User, "id" | "email" | "company_id" | "company_name" | "role_id"> & {
  role_title: string;
};

/**
 * Gives a user another role. The choice offers only the roles the editor may grant in the
 * user's company, as the server answers them; the server checks the choice again.
 */
export function editUserRoleForm(user: UserRef): FormSchema {
  return {
    name: "edit-user-role",
    fields: [
      {
        key: "role",
        label: i18n.t("users:fieldRole"),
        component: "ItemSelect",
        required: true,
        source: {
          endpoint: "/api/roles",
          params: { grantable: "true", company_id: user.company_id },
          labelKey: (role) => displayRoleName(String(role.title)),
          labels: { [String(user.role_id)]: displayRoleName(user.role_title) },
        },
        placeholder: i18n.t("users:fieldRolePlaceholder"),
      },
    ],
    initialValues: { role: user.role_id },
    endpoint: `/api/users/${user.id}`,
    method: "put",
    validation: userUpdateBodySchema,
    item: i18n.t("users:item"),
    verb: "update",
    submitText: i18n.t("users:save"),
    reloadQueryKey: usersQueryKey,
    helpLinkKey: HELP_KEY,
  };
}

function toMovePayload(userId: number) {
  return (values: FormValues) => ({
    user_ids: [userId],
    company_id: values.company_id === null ? undefined : Number(values.company_id),
  });
}

/** Moves a user into another company of the editor's tree; the move is logged. */
export function moveUserForm(user: UserRef): FormSchema {
  const transform = toMovePayload(user.id);
  return {
    name: "move-users",
    fields: [
      {
        key: "company_id",
        label: i18n.t("users:fieldTargetCompany"),
        component: "ItemSelect",
        required: true,
        source: { endpoint: "/api/companies", params: { fields: "id,name" } },
        placeholder: i18n.t("users:fieldTargetCompanyPlaceholder"),
        subtext: i18n.t("users:moveFrom", { company: user.company_name }),
        validate: (value) =>
          value !== null && Number(value) === user.company_id ? i18n.t("users:sameCompany") : null,
      },
    ],
    initialValues: { company_id: null },
    endpoint: "/api/users/move",
    method: "post",
    transform,
    validation: z.preprocess((values) => transform(values as FormValues), userMoveBodySchema),
    // A refusal names `user_ids`, which the form sends but does not show: say it aloud.
    onError: (error) =>
      notifications.show({
        color: "red",
        message: failureMessage(error, { item: i18n.t("users:item"), verb: "move" }),
      }),
    item: i18n.t("users:item"),
    verb: "move",
    submitText: i18n.t("users:move"),
    // The user's company and the move logs both change.
    reloadQueryKey: usersQueryKey,
    helpLinkKey: HELP_KEY,
  };
}
