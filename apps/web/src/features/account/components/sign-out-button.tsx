import { Box, Button, type ButtonProps } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { useSignOut } from "../api/revoke-token";

interface SignOutButtonProps extends Pick<ButtonProps, "variant" | "color" | "fullWidth"> {
  label?: string;
  /** Show only the icon below the `sm` breakpoint; the label stays the accessible name. */
  compact?: boolean;
}

/** Revokes the session and goes where the server says (the sign-in page by default). */
export function SignOutButton({ label, compact = false, ...props }: SignOutButtonProps) {
  const { t } = useTranslation("account");
  const { signOut, pending } = useSignOut();

  const text = label ?? t("logout");
  const icon = <IconLogout size={16} aria-hidden />;
  return (
    <Button
      variant="default"
      {...props}
      onClick={signOut}
      loading={pending}
      leftSection={compact ? undefined : icon}
      aria-label={compact ? text : undefined}
      px={compact ? { base: 10, sm: "md" } : undefined}
    >
      {compact ? (
        <>
          {icon}
          <Box component="span" visibleFrom="sm" ml={8}>
            {text}
          </Box>
        </>
      ) : (
        text
      )}
    </Button>
  );
}
