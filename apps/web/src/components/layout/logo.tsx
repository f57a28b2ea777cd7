import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconTopologyStar3 } from "@tabler/icons-react";

interface LogoProps {
  size?: "sm" | "lg";
}

/** The product mark and name. Decorative icon: the name is the accessible text. */
export function Logo({ size = "sm" }: LogoProps) {
  const large = size === "lg";
  return (
    <Group gap={large ? "sm" : 8} wrap="nowrap">
      <ThemeIcon size={large ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconTopologyStar3 size={large ? 24 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text
        component="span"
        fw={700}
        fz={large ? 24 : 18}
        lh={1}
        style={{ letterSpacing: "-0.01em" }}
      >
        Netfleet
      </Text>
    </Group>
  );
}
