import type { ReactNode } from "react";
import { Button, Group, Loader, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { NoticeScreen } from "../../components/screens/notice-screen";
import { SIGNED_IN_COOKIE, readCookie, toApiRequestError } from "../../lib/http";
import { DocumentRouter } from "../startup/document-router";
import { useRemoteSession } from "./api/get-remote-session";

interface ConnectScreenProps {
  title: string;
  icon: ReactNode;
}

// Statuses that mean "no such session", as opposed to the server being unreachable.
const GONE = new Set([404, 410, 422]);

function SessionStatus({ sessionKey }: { sessionKey: string }) {
  const { t } = useTranslation("startup");
  const session = useRemoteSession(sessionKey);

  if (session.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t("connectChecking")}</Text>
      </Group>
    );
  }
  if (session.isError) {
    const failure = toApiRequestError(session.error);
    if (GONE.has(failure.status)) return <Text size="sm">{t("connectExpired")}</Text>;
    return (
      <>
        <Text size="sm">{t("connectFailed", { message: failure.message })}</Text>
        <Group>
          <Button variant="default" onClick={() => void session.refetch()}>
            {t("retry")}
          </Button>
        </Group>
      </>
    );
  }
  return <Text size="sm">{t("connectUnsupported")}</Text>;
}

/**
 * The frame of the remote-connection screens, which open on their own (shell §2): what is
 * being connected to, and the state of the one-time session key the window was opened with.
 */
export function ConnectScreen({ title, icon }: ConnectScreenProps) {
  const { t } = useTranslation("startup");
  const query = new URLSearchParams(window.location.search);
  const key = query.get("key");
  const target = query.get("target");
  const signedIn = readCookie(SIGNED_IN_COOKIE) !== undefined;

  return (
    <DocumentRouter>
      <NoticeScreen
        title={title}
        icon={key ? icon : <IconAlertTriangle size={20} />}
        color={key ? undefined : "orange"}
        actions={
          signedIn ? (
            <Button component="a" href={DEFAULT_LANDING_PAGE} variant="default">
              {t("connectBack")}
            </Button>
          ) : undefined
        }
      >
        <Text size="sm">
          <Text span c="dimmed">
            {t("connectTarget")}:{" "}
          </Text>
          {target ?? (
            <Text span fs="italic">
              {t("connectNoTarget")}
            </Text>
          )}
        </Text>
        {key ? <SessionStatus sessionKey={key} /> : <Text size="sm">{t("connectKeyMissing")}</Text>}
      </NoticeScreen>
    </DocumentRouter>
  );
}
