import { useEffect, useState } from "react";
import { ActionIcon, Affix, Transition } from "@mantine/core";
import { IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { LAYOUT } from "@netfleet/contracts/constants";

/**
 * Whether the window has scrolled past `threshold`, learnt from scroll events alone: asking
 * for the position as the layout mounts made the browser lay the whole new page out in the
 * middle of its first render, and again once the render was done.
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return past;
}

/** Appears once the page has scrolled past 300 px (shell §2 Layout). */
export function ScrollToTop() {
  const { t } = useTranslation("navigation");
  const scrolled = useScrolledPast(LAYOUT.scrollTopThresholdPx);
  const label = t("scrollToTop", { defaultValue: "Scroll to top" });
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scrolled}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={label}
            title={label}
            onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
