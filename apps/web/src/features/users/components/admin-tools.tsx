import { Alert, Button, Group, Menu, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import {
  IconChevronDown,
  IconMailOff,
  IconShieldOff,
  IconTool,
  IconUserX,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { hasPermission } from "@netfleet/contracts/permissions";
import { adminDeleteUserBodySchema } from "@netfleet/contracts/schemas/users";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { useSignedInUser } from "../../../lib/viewer";
import { deleteUserByEmail } from "../api/delete-user-by-email";
import { usersQueryKey } from "../api/list-users";
import { removeUserMfa } from "../api/remove-user-mfa";
import { unsuppressEmail } from "../api/unsuppress-email";

/** The three account repairs only a super administrator makes (forms §6, D13). */
const TOOLS = {
  "remove-mfa": {
    send: removeUserMfa,
    title: "adminRemoveMfa",
    intro: "adminRemoveMfaText",
    submit: "adminRemoveMfaSubmit",
    done: "adminRemoveMfaDone",
    icon: IconShieldOff,
  },
  "delete-user": {
    send: deleteUserByEmail,
    title: "adminDeleteUser",
    intro: "adminDeleteUserText",
    submit: "adminDeleteUserSubmit",
    done: "adminDeleteUserDone",
    icon: IconUserX,
  },
  unsuppress: {
    send: unsuppressEmail,
    title: "adminUnsuppress",
    intro: "adminUnsuppressText",
    submit: "adminUnsuppressSubmit",
    done: "adminUnsuppressDone",
    icon: IconMailOff,
  },
} as const;

type Tool = keyof typeof TOOLS;

/** One e-mail field and a button; the server asks for the password or a code first. */
function AdminEmailForm({ tool, close }: { tool: Tool } & DialogBodyProps) {
  const { t } = useTranslation("users");
  const spec = TOOLS[tool];
  const queryClient = useQueryClient();
  const form = useZodForm(adminDeleteUserBodySchema, { email: "" });
  const submit = useZodFormSubmit(form, {
    send: spec.send,
    onSuccess: (message, values) => {
      notifications.show({
        color: "teal",
        message: message ?? t(spec.done, { email: values.email }),
      });
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      close();
    },
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(spec.intro)}</Text>
        <div role="alert">
          {submit.alert && (
            <Alert color="red" variant="light">
              {submit.alert}
            </Alert>
          )}
        </div>
        <TextInput
          label={t("colEmail")}
          type="email"
          autoComplete="off"
          inputMode="email"
          required
          data-autofocus
          {...form.getInputProps("email")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={submit.waiting}>
            {t("cancel")}
          </Button>
          <Button type="submit" color="red" loading={submit.waiting}>
            {t(spec.submit)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function openTool(tool: Tool) {
  openDialog<{ tool: Tool }>({
    id: `admin-${tool}`,
    title: i18n.t(`users:${TOOLS[tool].title}`),
    component: AdminEmailForm,
    props: { tool },
    helpLinkKey: "users.table",
  });
}

/** The users page's "Administration" menu, for super administrators only. */
export function AdminToolsMenu() {
  const { t } = useTranslation("users");
  const me = useSignedInUser();
  if (!me || !hasPermission(me.permissions, "super_admin")) return null;
  return (
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconTool size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t("adminTools")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(TOOLS) as Tool[]).map((tool) => {
          const Icon = TOOLS[tool].icon;
          return (
            <Menu.Item
              key={tool}
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => openTool(tool)}
            >
              {t(TOOLS[tool].title)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
