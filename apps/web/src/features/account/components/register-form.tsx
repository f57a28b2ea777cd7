import { useState } from "react";
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { registerBodySchema } from "@netfleet/contracts/schemas/account";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { applyServerErrors, useSchemaForm } from "../../../lib/form";
import { toApiRequestError } from "../../../lib/http";
import { type InvitationPreview, useInvitation } from "../api/get-invitation";
import { useRegisterAccount } from "../api/register-account";
import { NewPasswordFields, withPasswordConfirmation } from "./account-fields";
import { FormAlert } from "./form-alert";
import { InvalidLink } from "./invalid-link";

const registerFormSchema = withPasswordConfirmation(registerBodySchema.omit({ token: true }));

export function RegisterForm({ token }: { token: string }) {
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the invitation">
        <Skeleton h={64} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (invitation.isError) {
    const error = toApiRequestError(invitation.error);
    return (
      <InvalidLink action={{ label: "Go to sign-in", to: ACCOUNT_PAGES.signIn }}>
        {error.hasCode("INVALID_TOKEN")
          ? "This invitation link is invalid, already used or expired. Ask your administrator to send a new invitation."
          : error.message}
      </InvalidLink>
    );
  }
  return <AcceptInvitation token={token} invitation={invitation.data} />;
}

function AcceptInvitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const form = useSchemaForm(registerFormSchema, {
    first_name: "",
    last_name: "",
    password: "",
    confirm_password: "",
  });
  const register = useRegisterAccount();
  const [alert, setAlert] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const submit = form.onSubmit(({ first_name, last_name, password }) => {
    setAlert(null);
    register.mutate(
      { token, password, first_name: first_name || undefined, last_name: last_name || undefined },
      {
        onSuccess: ({ location }) => {
          setLeaving(true);
          browserLocation.assign(sameOriginTarget(location, DEFAULT_LANDING_PAGE));
        },
        onError: (error) => setAlert(applyServerErrors(form, error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <Stack gap="md">
        <Paper withBorder p="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm">
            You were invited to join <strong>{invitation.company_name}</strong> as{" "}
            <strong>{invitation.role_title}</strong>.
          </Text>
        </Paper>
        <TextInput
          label="E-mail"
          value={invitation.email}
          readOnly
          autoComplete="username"
          description="You will sign in with this address."
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            key={form.key("first_name")}
            {...form.getInputProps("first_name")}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            key={form.key("last_name")}
            {...form.getInputProps("last_name")}
          />
        </SimpleGrid>
        <NewPasswordFields
          labels={{ password: "Password", confirmation: "Confirm password" }}
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirm_password")}
        />
        <Group>
          <Button type="submit" fullWidth loading={register.isPending || leaving}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
