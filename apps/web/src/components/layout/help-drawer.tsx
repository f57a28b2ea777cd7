import { Anchor, Drawer, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";

interface HelpDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  topic: string;
  /** The page's topic on the operator's help site, when one is configured. */
  more: string | null;
}

/** The page's help in a side panel; its module loads when help is first opened. */
export function HelpDrawer({ opened, onClose, title, topic, more }: HelpDrawerProps) {
  const { t } = useTranslation("help");
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={title}>
      <Stack gap="sm">
        <Text size="sm">
          {/* helpTopic() only answers names of HELP_TOPICS, each a key of `help`. */}
          {t(topic as keyof I18nResources["help"])}
        </Text>
        {more && (
          <Anchor href={more} target="_blank" rel="noopener noreferrer" size="sm">
            {t("moreHelp")}
          </Anchor>
        )}
      </Stack>
    </Drawer>
  );
}
