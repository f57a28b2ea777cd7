import { useState } from "react";
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertCircle, IconSearch, IconUserShare } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { SEARCH } from "@netfleet/contracts/constants";
import type { ImpersonableUser } from "@netfleet/contracts/schemas/impersonation";
import { formatDateTime } from "../../../lib/format";
import { toApiRequestError } from "../../../lib/http";
import { useImpersonableUsers } from "../api/list-impersonable-users";
import { useStartImpersonation } from "../api/start-impersonation";

const LIST_LIMIT = 50;

function fullName(user: ImpersonableUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ");
}

interface StartImpersonationDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Lists the users the operator may impersonate now (in scope, with a grant ahead) and
 * starts acting as the chosen one; the browser then loads the console as that user.
 */
export function StartImpersonationDialog({ opened, onClose }: StartImpersonationDialogProps) {
  const { t } = useTranslation("impersonation");
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), SEARCH.debounceMs);
  const users = useImpersonableUsers({ limit: LIST_LIMIT, q: q || undefined }, opened);
  const start = useStartImpersonation();
  const [choosing, setChoosing] = useState<number | null>(null);

  const choose = (user: ImpersonableUser) => {
    setChoosing(user.id);
    start.mutate(user.id, { onError: () => setChoosing(null) });
  };

  const rows = users.data?.data;
  return (
    <Modal opened={opened} onClose={onClose} title={t("start")} size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("startIntro")}
        </Text>
        <TextInput
          type="search"
          aria-label={t("searchUsers")}
          placeholder={t("searchUsersPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <div role="alert">
          {start.isError && (
            <Alert
              color="red"
              variant="light"
              title={t("startFailed")}
              icon={<IconAlertCircle size={18} />}
              role="presentation"
            >
              {toApiRequestError(start.error).message}
            </Alert>
          )}
        </div>
        {users.isError ? (
          <Alert color="red" variant="light" title={t("usersFailed")} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{toApiRequestError(users.error).message}</Text>
              <Button size="xs" variant="default" onClick={() => void users.refetch()}>
                {t("retry")}
              </Button>
            </Stack>
          </Alert>
        ) : !rows ? (
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label={t("searchUsers")} />
          </Group>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {q ? t("noUserMatch", { query: q }) : t("noneImpersonable")}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {rows.map((user) => (
                <li key={user.id}>
                  <Group
                    justify="space-between"
                    wrap="nowrap"
                    gap="sm"
                    p="xs"
                    style={{ borderRadius: "var(--mantine-radius-sm)" }}
                  >
                    <UnstyledButton
                      onClick={() => choose(user)}
                      style={{ minWidth: 0, flex: 1 }}
                      tabIndex={-1}
                      aria-hidden
                    >
                      <Text size="sm" fw={600} truncate>
                        {user.email}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {[fullName(user), user.role_title, user.company_name]
                          .filter(Boolean)
                          .join(" · ")}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("allowedUntil", {
                          time: formatDateTime(user.impersonation_access_limit),
                        })}
                      </Text>
                    </UnstyledButton>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconUserShare size={14} aria-hidden />}
                      aria-label={t("impersonateUser", { email: user.email })}
                      loading={start.isPending && choosing === user.id}
                      disabled={start.isPending && choosing !== user.id}
                      onClick={() => choose(user)}
                    >
                      {t("impersonate")}
                    </Button>
                  </Group>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}

/** The page action that opens the dialog; shown only to holders of impersonate_users. */
export function StartImpersonationButton() {
  const { t } = useTranslation("impersonation");
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t("start")}
      </Button>
      <StartImpersonationDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
