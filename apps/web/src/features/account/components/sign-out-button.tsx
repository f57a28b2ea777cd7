import { useState } from "react";
import { Box, Button, type ButtonProps } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLogout } from "@tabler/icons-react";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { toApiRequestError } from "../../../lib/http";
import { revokeBodyFromQuery, useRevokeToken } from "../api/revoke-token";

interface SignOutButtonProps extends Pick<ButtonProps, "variant" | "color" | "fullWidth"> {
  label?: string;
  /** Show only the icon below the `sm` breakpoint; the label stays the accessible name. */
  compact?: boolean;
}

/** Revokes the session and goes where the server says (the sign-in page by default). */
export function SignOutButton({ label = "Logout", compact = false, ...props }: SignOutButtonProps) {
  const revoke = useRevokeToken();
  const [leaving, setLeaving] = useState(false);

  const signOut = () =>
    revoke.mutate(revokeBodyFromQuery(window.location.search), {
      onSuccess: ({ location }) => {
        setLeaving(true);
        browserLocation.assign(sameOriginTarget(location, ACCOUNT_PAGES.signIn));
      },
      onError: (error) =>
        notifications.show({
          color: "red",
          title: "Could not sign out",
          message: toApiRequestError(error).message,
        }),
    });

  const icon = <IconLogout size={16} aria-hidden />;
  return (
    <Button
      variant="default"
      {...props}
      onClick={signOut}
      loading={revoke.isPending || leaving}
      leftSection={compact ? undefined : icon}
      aria-label={compact ? label : undefined}
      px={compact ? { base: 10, sm: "md" } : undefined}
    >
      {compact ? (
        <>
          {icon}
          <Box component="span" visibleFrom="sm" ml={8}>
            {label}
          </Box>
        </>
      ) : (
        label
      )}
    </Button>
  );
}
