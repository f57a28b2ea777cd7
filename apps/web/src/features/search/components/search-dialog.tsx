import type { ReactNode } from "react";
import { Modal } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { SearchPanel, type SearchPanelProps } from "./search-panel";
import classes from "./global-search.module.css";

/** The panel scrolls its results itself, under a box and categories that stay put. */
function NoScroll({ children }: { children?: ReactNode }) {
  return children;
}

interface SearchDialogProps extends SearchPanelProps {
  opened: boolean;
  /** On a phone the panel takes the whole screen. */
  phone: boolean;
}

/**
 * The open search as a dialog under the header, or the whole screen on a phone. A module of
 * its own: its code loads when search is first opened.
 */
export function SearchDialog({ opened, phone, onClose, ...panel }: SearchDialogProps) {
  const { t } = useTranslation("search");
  return (
    <Modal.Root
      opened={opened}
      onClose={() => onClose(true)}
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
        <SearchPanel {...panel} onClose={onClose} />
      </Modal.Content>
    </Modal.Root>
  );
}
