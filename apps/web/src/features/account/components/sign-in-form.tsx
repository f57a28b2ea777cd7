import { useState } from "react";
import { Anchor, Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { signInBodySchema } from "@netfleet/contracts/schemas/account";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { applyServerErrors, useSchemaForm } from "../../../lib/form";
import { useSignIn } from "../api/sign-in";
import { EmailField } from "./account-fields";
import { FormAlert } from "./form-alert";

interface SignInFormProps {
  /** Where to go after signing in; the server accepts it only on its own host. */
  continueUrl: string | null;
}

export function SignInForm({ continueUrl }: SignInFormProps) {
  const { t } = useTranslation("account");
  const form = useSchemaForm(signInBodySchema, { email: "", password: "" });
  const signIn = useSignIn();
  const [alert, setAlert] = useState<string | null>(null);
  // The browser is leaving: keep the button busy until the next page replaces this one.
  const [leaving, setLeaving] = useState(false);

  const submit = form.onSubmit((values) => {
    setAlert(null);
    signIn.mutate(continueUrl ? { ...values, continue_url: continueUrl } : values, {
      onSuccess: ({ location }) => {
        setLeaving(true);
        browserLocation.assign(sameOriginTarget(location, DEFAULT_LANDING_PAGE));
      },
      onError: (error) => {
        setAlert(applyServerErrors(form, error));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <Stack gap="md">
        <EmailField inputProps={form.getInputProps("email")} />
        <Stack gap={6}>
          <PasswordInput
            label={t("passwordLabel")}
            autoComplete="current-password"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={ACCOUNT_PAGES.forgotPassword} size="sm">
              {t("forgotPassword")}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={signIn.isPending || leaving}>
          {t("signIn")}
        </Button>
      </Stack>
    </form>
  );
}
