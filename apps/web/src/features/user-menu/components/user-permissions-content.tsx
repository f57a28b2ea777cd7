import { List, Modal, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { groupPermissions } from "../permission-groups";
import type { I18nResources } from "../../../lib/i18n-resources";

export interface UserPermissionsModalProps {
  opened: boolean;
  onClose: () => void;
  permissions: readonly string[];
}

/** The dialog itself; its module loads when it is first opened (user-permissions-modal.tsx). */
export function UserPermissionsContent({
  opened,
  onClose,
  permissions,
}: UserPermissionsModalProps) {
  const { t } = useTranslation("user-menu");
  const { t: tp } = useTranslation("permissions");
  const groups = groupPermissions(permissions);
  return (
    <Modal opened={opened} onClose={onClose} title={t("userPermissions")} size="lg">
      {groups.length === 0 ? (
        <Text size="sm">{t("noPermissions")}</Text>
      ) : (
        <Stack gap="md">
          {groups.map(({ group, names }) => (
            <section key={group} aria-labelledby={`user-permissions-${group}`}>
              <Title order={3} fz="sm" mb={4} id={`user-permissions-${group}`}>
                {/* A group of contracts' PERMISSIONS or "other": each has a `group.*` label. */}
                {tp(`group.${group}` as keyof I18nResources["permissions"])}
              </Title>
              <List size="sm" spacing={2}>
                {names.map((name) => (
                  <List.Item key={name}>
                    {tp(`permission.${name}`, { defaultValue: name })}
                  </List.Item>
                ))}
              </List>
            </section>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
