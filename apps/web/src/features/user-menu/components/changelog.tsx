import { List, Paper, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { APP_VERSION } from "@netfleet/contracts/constants";

/** What each release brings, newest first; keys of the `user-menu` namespace. */
export const RELEASES = [
  {
    version: APP_VERSION,
    notes: [
      "note.signIn",
      "note.account",
      "note.sessions",
      "note.tokens",
      "note.devices",
      "note.shell",
    ],
  },
] as const;

/** The release notes the user menu's "Changelog" entry opens. */
export function Changelog() {
  const { t } = useTranslation("user-menu");
  return (
    <>
      {RELEASES.map((release) => (
        <Paper
          key={release.version}
          component="section"
          withBorder
          p="lg"
          maw={720}
          aria-labelledby={`release-${release.version}`}
        >
          <Title order={2} fz="h3" id={`release-${release.version}`}>
            {t("changelogVersion", { version: release.version })}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("changelogIntro")}
          </Text>
          <List spacing="xs" size="sm">
            {release.notes.map((note) => (
              <List.Item key={note}>{t(note)}</List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </>
  );
}
