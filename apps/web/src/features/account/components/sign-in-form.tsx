import { useState } from "react";
import { Anchor, Button, Group, PasswordInput, Stack } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { requestSignInLinkBodySchema, signInBodySchema } from "@netfleet/contracts/schemas/account";
import { useSubmitCycle } from "../../../components/ui/form/use-submit-cycle";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { toApiRequestError } from "../../../lib/http";
import { useRequestSignInLink } from "../api/request-sign-in-link";
import { useSignIn } from "../api/sign-in";
import { EmailField } from "./account-fields";
import { FormAlert } from "./form-alert";

interface SignInFormProps {
  /** Where to go after signing in; the server accepts it only on its own host. */
  continueUrl: string | null;
}

/** The throttle's refusal that a sign-in link gets past (`meta.sign_in_link`). */
function offersSignInLink(error: unknown): boolean {
  const failure = toApiRequestError(error);
  return failure.hasCode("TOO_MANY_REQUESTS") && failure.meta?.sign_in_link === true;
}

export function SignInForm({ continueUrl }: SignInFormProps) {
  const { t } = useTranslation("account");
  const form = useZodForm(signInBodySchema, { email: "", password: "" });
  const signIn = useSignIn();
  const requestLink = useRequestSignInLink();
  // After the throttle refused: the link becomes the form's main way on.
  const [throttled, setThrottled] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  // The browser is leaving: keep the button busy until the next page replaces this one.
  const [leaving, setLeaving] = useState(false);

  const submit = useZodFormSubmit(form, {
    send: (values) => {
      setLinkSent(null);
      return signIn.mutateAsync(continueUrl ? { ...values, continue_url: continueUrl } : values);
    },
    onSuccess: ({ location }) => {
      setLeaving(true);
      browserLocation.assign(sameOriginTarget(location, DEFAULT_LANDING_PAGE));
    },
    onFailure: (error) => setThrottled(offersSignInLink(error)),
  });

  const link = useSubmitCycle({
    send: requestLink.mutateAsync,
    onSuccess: (message) => {
      setThrottled(false);
      setLinkSent(message ?? t("signInLinkSent"));
    },
    onFailure: submit.showErrors,
  });

  // Needs only the e-mail: the password field may be empty or wrong.
  const emailLink = () => {
    const body = requestSignInLinkBodySchema.safeParse({
      email: form.getValues().email,
      ...(continueUrl ? { continue_url: continueUrl } : {}),
    });
    if (!body.success) {
      form.setFieldError("email", body.error.issues[0]?.message ?? null);
      form.getInputNode("email")?.focus();
      return;
    }
    submit.clearAlert();
    form.clearFieldError("email");
    void link.submit(body.data);
  };

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <FormAlert message={submit.alert} />
      <FormAlert message={linkSent} success />
      <Stack gap="md">
        {throttled && (
          <Button
            type="button"
            variant="light"
            fullWidth
            leftSection={<IconMail size={16} aria-hidden />}
            loading={link.waiting}
            onClick={emailLink}
          >
            {t("emailSignInLink")}
          </Button>
        )}
        <EmailField inputProps={form.getInputProps("email")} />
        <Stack gap={6}>
          <PasswordInput
            label={t("passwordLabel")}
            autoComplete="current-password"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Group gap="xs">
            {/* The same offer as the button above; one of the two at a time. */}
            {!throttled && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={emailLink}
                disabled={link.waiting}
              >
                {t("emailSignInLink")}
              </Anchor>
            )}
            {/* Stays on the right, also when a long translation wraps it onto its own line. */}
            <Anchor component={Link} to={ACCOUNT_PAGES.forgotPassword} size="sm" ml="auto">
              {t("forgotPassword")}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={submit.waiting || leaving}>
          {t("signIn")}
        </Button>
      </Stack>
    </form>
  );
}
