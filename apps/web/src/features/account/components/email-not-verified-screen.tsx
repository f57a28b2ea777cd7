import { Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailForward } from "@tabler/icons-react";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { toApiRequestError } from "../../../lib/http";
import { useResendActivation } from "../api/resend-activation";
import { SignOutButton } from "./sign-out-button";

/** Start-up screen for an account whose e-mail address is not confirmed yet (shell §8). */
export function EmailNotVerifiedScreen({ email }: { email: string | null }) {
  const resend = useResendActivation();

  const resendEmail = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        notifications.show({ color: "teal", message: "Email confirmation sent successfully" }),
      onError: (error) =>
        notifications.show({
          color: "red",
          message: `Failed to send email confirmation (${toApiRequestError(error).statusText})`,
        }),
    });

  return (
    <AuthLayout title="Confirm your e-mail address">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconMailForward size={20} />
        </ThemeIcon>
        <Stack gap="xs">
          <Text size="sm">
            We sent a confirmation link to{" "}
            {email ? <strong>{email}</strong> : "your e-mail address"}. Open it to start using
            Netfleet.
          </Text>
          <Text size="sm" c="dimmed">
            No e-mail? Check the spam folder, or send the link again.
          </Text>
        </Stack>
      </Group>
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <Button onClick={resendEmail} loading={resend.isPending}>
          Resend e-mail
        </Button>
        <SignOutButton label="Sign out" />
      </Group>
    </AuthLayout>
  );
}
