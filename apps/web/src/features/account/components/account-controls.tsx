import { Box, Button, Group, Text } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { Link } from "react-router";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { SignOutButton } from "./sign-out-button";

/** The header's account corner: who is signed in, their settings, and logout. */
export function AccountControls({ email }: { email: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" visibleFrom="md" truncate="end" maw={280} title={email}>
        {email}
      </Text>
      <Button
        component={Link}
        to={ACCOUNT_PAGES.settings}
        variant="subtle"
        color="gray"
        px={{ base: 10, sm: "md" }}
        aria-label="Account settings"
      >
        <IconSettings size={16} aria-hidden />
        <Box component="span" visibleFrom="sm" ml={8}>
          Account settings
        </Box>
      </Button>
      <SignOutButton compact />
    </Group>
  );
}
