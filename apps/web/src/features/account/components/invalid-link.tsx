import type { ReactNode } from "react";
import { Button, Group, Text, ThemeIcon } from "@mantine/core";
import { IconLinkOff } from "@tabler/icons-react";
import { Link } from "../../../lib/router";

interface InvalidLinkProps {
  children: ReactNode;
  action: { label: string; to: string };
}

/** What an unknown, used or expired e-mailed link leads to: why, and what to do next. */
export function InvalidLink({ children, action }: InvalidLinkProps) {
  return (
    <>
      <Group wrap="nowrap" align="flex-start" gap="md" role="alert">
        <ThemeIcon variant="light" color="orange" size="lg" aria-hidden>
          <IconLinkOff size={20} />
        </ThemeIcon>
        <Text size="sm">{children}</Text>
      </Group>
      <Button component={Link} to={action.to} variant="light">
        {action.label}
      </Button>
    </>
  );
}
