import { useState } from "react";
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useTranslation } from "../../../lib/i18n";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { registerBodySchema } from "@netfleet/contracts/schemas/account";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { toApiRequestError } from "../../../lib/http";
import { type InvitationPreview, useInvitation } from "../api/get-invitation";
import { useRegisterAccount } from "../api/register-account";
import { NewPasswordFields, withPasswordConfirmation } from "./account-fields";
import { FormAlert } from "./form-alert";
import { InvalidLink } from "./invalid-link";

const registerFormSchema = withPasswordConfirmation(registerBodySchema.omit({ token: true }));

export function RegisterForm({ token }: { token: string }) {
  const { t } = useTranslation("account");
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t("loadingInvitation")}>
        <Skeleton h={64} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (invitation.isError) {
    const error = toApiRequestError(invitation.error);
    return (
      <InvalidLink action={{ label: t("goToSignIn"), to: ACCOUNT_PAGES.signIn }}>
        {error.hasCode("INVALID_TOKEN") ? t("invitationInvalid") : error.message}
      </InvalidLink>
    );
  }
  return <AcceptInvitation token={token} invitation={invitation.data} />;
}

function AcceptInvitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation("account");
  const form = useZodForm(registerFormSchema, {
    first_name: "",
    last_name: "",
    password: "",
    confirm_password: "",
  });
  const register = useRegisterAccount();
  const [leaving, setLeaving] = useState(false);

  const submit = useZodFormSubmit(form, {
    send: ({ first_name, last_name, password }) =>
      register.mutateAsync({
        token,
        password,
        first_name: first_name || undefined,
        last_name: last_name || undefined,
      }),
    onSuccess: ({ location }) => {
      setLeaving(true);
      browserLocation.assign(sameOriginTarget(location, DEFAULT_LANDING_PAGE));
    },
  });

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <FormAlert message={submit.alert} />
      <Stack gap="md">
        <Paper withBorder p="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="invitedTo"
              values={{ company: invitation.company_name, role: invitation.role_title }}
              components={[<strong />, <strong />]}
            />
          </Text>
        </Paper>
        <TextInput
          label={t("emailLabel")}
          value={invitation.email}
          readOnly
          autoComplete="username"
          description={t("emailSignInHint")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t("firstName")}
            autoComplete="given-name"
            key={form.key("first_name")}
            {...form.getInputProps("first_name")}
          />
          <TextInput
            label={t("lastName")}
            autoComplete="family-name"
            key={form.key("last_name")}
            {...form.getInputProps("last_name")}
          />
        </SimpleGrid>
        <NewPasswordFields
          labels={{ password: t("passwordLabel"), confirmation: t("confirmPassword") }}
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirm_password")}
        />
        <Group>
          <Button type="submit" fullWidth loading={submit.waiting || leaving}>
            {t("createAccount")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
