import { useEffect, useState } from "react";
import { Group, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { IconTopologyStar3 } from "@tabler/icons-react";
import { LAYOUT } from "@netfleet/contracts/constants";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import { DEFAULT_THEME } from "@netfleet/contracts/theme";

interface LogoProps {
  size?: "sm" | "lg";
  /** Wide navigation shows the full logo, narrow the compact mark (D19). */
  wide?: boolean;
  theme?: Theme;
}

export type LogoVariant =
  { kind: "full" } | { kind: "mark" } | { kind: "image"; src: string; wide: boolean };

/**
 * Which image the logo shows (shell §2 Layout, D19): the default theme shows the full
 * logo when the navigation is wide and the favicon-style mark when narrow; a branded
 * theme shows its `logo_vector` when wide and its `favicon` when narrow.
 */
export function logoVariant(wide: boolean, theme: Theme): LogoVariant {
  if (!theme.default) {
    const src = wide ? theme.logo_vector : theme.favicon;
    if (src) return { kind: "image", src, wide };
  }
  return wide ? { kind: "full" } : { kind: "mark" };
}

const sameVariant = (a: LogoVariant, b: LogoVariant) =>
  a.kind === b.kind && (a.kind !== "image" || (b.kind === "image" && a.src === b.src));

/** The swap fades the old image out, then the new one in (0.1 s out, 0.2 s in). */
function useFadingVariant(target: LogoVariant) {
  const [shown, setShown] = useState(target);
  const [fading, setFading] = useState(false);
  // Adjusting state to a changed prop during render, as React recommends over an effect.
  if (!fading && !sameVariant(shown, target)) setFading(true);
  useEffect(() => {
    if (!fading) return;
    const timer = window.setTimeout(() => {
      setShown(target);
      setFading(false);
    }, LAYOUT.logoFadeOutS * 1000);
    return () => window.clearTimeout(timer);
  }, [fading, target]);
  return { shown, phase: fading ? ("out" as const) : ("in" as const) };
}

/** The product (or branded) logo. The name is the accessible text; the mark is decorative. */
export function Logo({ size = "sm", wide = true, theme = DEFAULT_THEME }: LogoProps) {
  const large = size === "lg";
  const { shown, phase } = useFadingVariant(logoVariant(wide, theme));
  const style = {
    opacity: phase === "out" ? 0 : 1,
    transition: `opacity ${phase === "out" ? LAYOUT.logoFadeOutS : LAYOUT.logoFadeInS}s ease`,
  };

  if (shown.kind === "image") {
    return (
      <img
        src={shown.src}
        alt={theme.app_name}
        data-logo={shown.wide ? "logo_vector" : "favicon"}
        style={{ ...style, height: large ? 40 : 30, width: "auto", display: "block" }}
      />
    );
  }
  return (
    <Group gap={large ? "sm" : 8} wrap="nowrap" style={style} data-logo={shown.kind}>
      <ThemeIcon size={large ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconTopologyStar3 size={large ? 24 : 18} stroke={1.8} />
      </ThemeIcon>
      {shown.kind === "full" ? (
        <Text
          component="span"
          fw={700}
          fz={large ? 24 : 18}
          lh={1}
          style={{ letterSpacing: "-0.01em" }}
        >
          {theme.app_name}
        </Text>
      ) : (
        <VisuallyHidden>{theme.app_name}</VisuallyHidden>
      )}
    </Group>
  );
}
