import { ActionIcon, Affix, Transition } from "@mantine/core";
import { useWindowScroll } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LAYOUT } from "@netfleet/contracts/constants";

/** Appears once the page has scrolled past 300 px (shell §2 Layout). */
export function ScrollToTop() {
  const { t } = useTranslation("navigation");
  const [scroll, scrollTo] = useWindowScroll();
  const label = t("scrollToTop", { defaultValue: "Scroll to top" });
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > LAYOUT.scrollTopThresholdPx}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={label}
            title={label}
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
