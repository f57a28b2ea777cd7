import { useState } from "react";
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconAlertCircle } from "@tabler/icons-react";
import { Trans, useTranslation } from "../../../lib/i18n";
import type { PersonalAccessToken } from "@netfleet/contracts/schemas/account";
import { formatDateTime } from "../../../lib/format";
import { toApiRequestError } from "../../../lib/http";
import { useDeleteToken } from "../api/delete-token";
import { useTokens } from "../api/list-tokens";

const VISIBLE_SCOPES = 3;
const COLUMNS = [
  "colName",
  "colScopes",
  "colCreated",
  "colLastUsed",
  "colExpires",
  "colActions",
] as const;

function ScopeBadges({ scopes }: { scopes: PersonalAccessToken["scopes"] }) {
  const { t } = useTranslation("account");
  const shown = scopes.slice(0, VISIBLE_SCOPES);
  const rest = scopes.slice(VISIBLE_SCOPES);
  return (
    <Group gap={4} miw={260}>
      {shown.map((scope) => (
        <Badge key={scope} variant="light" color="gray" size="sm" tt="none">
          {scope}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.join(", ")} multiline maw={320} withArrow>
          <Badge variant="outline" color="gray" size="sm" tt="none" tabIndex={0}>
            {t("moreScopes", { n: rest.length })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** `now` is when the list was fetched, so that rendering stays pure. */
function Expiry({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t } = useTranslation("account");
  if (!expiresAt) return <Text size="sm">{t("never")}</Text>;
  const expired = new Date(expiresAt).getTime() <= now;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{formatDateTime(expiresAt)}</Text>
      {expired && (
        <Badge color="red" variant="light" size="sm" tt="none">
          {t("expired")}
        </Badge>
      )}
    </Group>
  );
}

export function TokenList() {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation("common");
  const tokens = useTokens();
  const remove = useDeleteToken();
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    remove.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: t("tokenRevoked", { name: revoking.name }) });
        setRevoking(null);
      },
      onError: (error) =>
        notifications.show({
          color: "red",
          title: t("revokeFailed"),
          message: toApiRequestError(error).message,
        }),
    });
  };

  if (tokens.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{toApiRequestError(tokens.error).message}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void tokens.refetch()}>
            {tc("retry")}
          </Button>
        </Group>
      </Alert>
    );
  }

  if (tokens.isSuccess && tokens.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {t("noTokens")}
      </Text>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover aria-busy={tokens.isPending} style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>
                  {c === "colActions" ? <VisuallyHidden>{t(c)}</VisuallyHidden> : t(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.isPending
              ? [0, 1].map((row) => (
                  <Table.Tr key={row}>
                    {COLUMNS.map((c) => (
                      <Table.Td key={c}>
                        <Skeleton h={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : tokens.data.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Td>
                      <Stack gap={2}>
                        <Text size="sm" fw={500}>
                          {token.name}
                        </Text>
                        <Code fz="xs" w="fit-content">
                          {token.prefix}…
                        </Code>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <ScopeBadges scopes={token.scopes} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(token.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {token.last_used_at ? formatDateTime(token.last_used_at) : t("never")}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Expiry expiresAt={token.expires_at} now={tokens.dataUpdatedAt} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRevoking(token)}
                        aria-label={t("revokeNamed", { name: token.name })}
                      >
                        {t("revoke")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={<Text fw={600}>{t("revokeTitle")}</Text>}
      >
        <Stack gap="lg">
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="revokeText"
              values={{ name: revoking?.name ?? "" }}
              components={[<strong />]}
            />
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {tc("cancel")}
            </Button>
            <Button color="red" onClick={confirmRevoke} loading={remove.isPending}>
              {t("revokeToken")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
