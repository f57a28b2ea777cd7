import { Button, Group, Loader, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { toApiRequestError } from "../../../lib/http";
import { useVerifyEmail } from "../api/verify-email";
import { InvalidLink } from "./invalid-link";

// A full page load: the console must read the now verified user afresh.
const consoleLink = { component: "a", href: DEFAULT_LANDING_PAGE } as const;

export function VerifyEmailStatus({ token }: { token: string }) {
  const verification = useVerifyEmail(token);

  if (verification.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">Confirming your e-mail address…</Text>
      </Group>
    );
  }
  if (verification.isError) {
    const error = toApiRequestError(verification.error);
    return (
      <InvalidLink action={{ label: "Go to the console", to: DEFAULT_LANDING_PAGE }}>
        {error.hasCode("INVALID_TOKEN")
          ? "This confirmation link is invalid, already used or expired. Sign in and choose Resend e-mail to get a new one."
          : error.message}
      </InvalidLink>
    );
  }
  return (
    <>
      <Group wrap="nowrap" align="flex-start" gap="md" role="status">
        <ThemeIcon variant="light" color="teal" size="lg" aria-hidden>
          <IconCircleCheck size={20} />
        </ThemeIcon>
        <Text size="sm">{verification.data ?? "Your e-mail address is confirmed."}</Text>
      </Group>
      <Button {...consoleLink}>Go to the console</Button>
    </>
  );
}
