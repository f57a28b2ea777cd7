import { useMemo, useRef, useState } from "react";
import { ActionIcon, Group, Kbd, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { SEARCH } from "@netfleet/contracts/constants";
import type { Viewer } from "@netfleet/contracts/navigation";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { useTheme } from "../../../lib/app-config";
import { OnceOpened, lazyPart } from "../../../lib/lazy-part";
import { allowedCategories } from "../search-categories";
import { useSearchCategories } from "../use-search-categories";
import { useSearchShortcut } from "../use-search-shortcut";

const SearchDialog = lazyPart(() => import("./search-dialog").then((m) => m.SearchDialog));

/** Below Mantine's `sm` breakpoint the panel takes the whole screen. */
const PHONE_QUERY = "(max-width: 47.99em)";

/**
 * The header's global search (shell §2 Global search): a button, or `/`, opens a panel
 * that searches the categories the user may view. Users who may view none get no button
 * (SH-LAYOUT-012). The panel's code loads when it is first opened.
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
          // The panel's code is asked for when the user heads for the button.
          onPointerEnter={SearchDialog.preload}
          onFocus={SearchDialog.preload}
          onClick={open}
        >
          <IconSearch size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <OnceOpened opened={opened}>
        <SearchDialog
          opened={opened}
          phone={phone}
          viewer={viewer}
          allowed={allowed}
          categories={categories}
          onClose={close}
        />
      </OnceOpened>
    </>
  );
}
