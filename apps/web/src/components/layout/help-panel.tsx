import { useEffect, useState } from "react";
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconHelp } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { LAYOUT } from "@netfleet/contracts/constants";
import { routeByName } from "@netfleet/contracts/routes";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import { OnceOpened, lazyPart } from "../../lib/lazy-part";

const HelpDrawer = lazyPart(() => import("./help-drawer").then((m) => m.HelpDrawer));

/** Route names with a help text of their own (namespace `help`, keyed by route name). */
export const HELP_TOPICS: readonly string[] = [
  "management.devices",
  "reports.single",
  "reports.periodic.day",
  "reports.periodic.week",
  "reports.periodic.month",
  "statistics.connection-manager",
  "services.credit-codes",
  "services.credit-history",
  "services.data-overview",
  "services.data-history",
  "users.table",
  "users.impersonation-logs",
  "tags.main",
  "account.settings",
];

/** The help topic for a route: its own, or the one of the route its name is an alias of. */
export function helpTopic(routeName: string | null): string | null {
  if (!routeName) return null;
  if (HELP_TOPICS.includes(routeName)) return routeName;
  const route = routeByName(routeName);
  return route && HELP_TOPICS.includes(route.name) ? route.name : null;
}

/**
 * The help side panel loads 700 ms after a page opens, so quick clicks through pages do
 * not load help nobody reads (shell §2 Layout). Returns the topic once it is loaded.
 */
export function useDelayedHelpTopic(routeName: string | null): string | null {
  const [loaded, setLoaded] = useState<{ route: string | null; topic: string | null }>({
    route: null,
    topic: null,
  });
  useEffect(() => {
    const timer = window.setTimeout(
      () => setLoaded({ route: routeName, topic: helpTopic(routeName) }),
      LAYOUT.helpPanelDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [routeName]);
  return loaded.route === routeName ? loaded.topic : null;
}

interface HelpPanelProps {
  routeName: string | null;
  pageTitle: string;
  theme: Theme;
}

/** A header button that opens the page's help in a side panel, once its help has loaded. */
export function HelpPanel({ routeName, pageTitle, theme }: HelpPanelProps) {
  const { t } = useTranslation("navigation");
  const topic = useDelayedHelpTopic(routeName);
  const [open, setOpen] = useState(false);
  if (!topic) return null;
  const label = t("help", { defaultValue: "Help" });
  // Links only where the operator configured a help site: nothing is hard-wired.
  const more = theme.help_url ? `${theme.help_url.replace(/\/$/, "")}/${topic}` : null;
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-help-topic={topic}
        >
          <IconHelp size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <OnceOpened opened={open}>
        <HelpDrawer
          opened={open}
          onClose={() => setOpen(false)}
          title={t("helpTitle", { title: pageTitle, defaultValue: "Help: {{title}}" })}
          topic={topic}
          more={more}
        />
      </OnceOpened>
    </>
  );
}
