import { useMemo, useRef, useState, type ReactNode } from "react";
import { ActionIcon, Group, Kbd, Modal, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { SEARCH } from "@netfleet/contracts/constants";
import type { Viewer } from "@netfleet/contracts/navigation";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { useTheme } from "../../../lib/app-config";
import { allowedCategories } from "../search-categories";
import { useSearchCategories } from "../use-search-categories";
import { useSearchShortcut } from "../use-search-shortcut";
import { SearchPanel } from "./search-panel";
import classes from "./global-search.module.css";

/** Below Mantine's `sm` breakpoint the panel takes the whole screen. */
const PHONE_QUERY = "(max-width: 47.99em)";

/** The panel scrolls its results itself, under a box and categories that stay put. */
function NoScroll({ children }: { children?: ReactNode }) {
  return children;
}

/**
 * The header's global search (shell §2 Global search): a button, or `/`, opens a panel
 * that searches the categories the user may view. Users who may view none get no button
 * (SH-LAYOUT-012).
 */
export function GlobalSearch({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("search");
  const theme = useTheme();
  const viewer = useMemo<Viewer>(
    () => ({ permissions: user.permissions, disabledRoutes: theme.disabled_routes }),
    [user.permissions, theme.disabled_routes],
  );
  const allowed = useMemo(() => allowedCategories(viewer), [viewer]);
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const categories = useSearchCategories(allowed, everOpened);
  const button = useRef<HTMLButtonElement>(null);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;

  const open = () => {
    setOpened(true);
    setEverOpened(true);
  };
  useSearchShortcut(open, allowed.length > 0 && !opened);

  if (allowed.length === 0) return null;

  const close = (returnFocus: boolean) => {
    setOpened(false);
    // Whoever opened the panel, with the mouse or with `/`, finds the focus on its button.
    if (returnFocus) button.current?.focus();
  };

  return (
    <>
      <Tooltip
        label={
          <Group gap={6} wrap="nowrap">
            {t("search")}
            <Kbd size="xs">{SEARCH.shortcutKey}</Kbd>
          </Group>
        }
      >
        <ActionIcon
          ref={button}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("search")}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-keyshortcuts={SEARCH.shortcutKey}
          onClick={open}
        >
          <IconSearch size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal.Root
        opened={opened}
        onClose={() => close(true)}
        size={640}
        yOffset={64}
        fullScreen={phone}
        returnFocus={false}
        transitionProps={{ transition: phone ? "fade" : "pop", duration: 150 }}
        scrollAreaComponent={NoScroll}
        classNames={{ content: classes.content }}
      >
        <Modal.Overlay backgroundOpacity={0.4} />
        <Modal.Content aria-label={t("search")} radius={phone ? 0 : "md"}>
          <SearchPanel viewer={viewer} allowed={allowed} categories={categories} onClose={close} />
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
