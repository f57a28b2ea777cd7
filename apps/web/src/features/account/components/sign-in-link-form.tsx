import { useState } from "react";
import { Button, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { ACCOUNT_PAGES, signInUrl } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { isCancelledRequest, toApiRequestError } from "../../../lib/http";
import { useSignInWithLink } from "../api/sign-in-with-link";
import { FormAlert } from "./form-alert";
import { InvalidLink } from "./invalid-link";

interface SignInLinkFormProps {
  token: string;
  /** Where the link brings the user afterwards; the server accepts it only on its own host. */
  continueUrl: string | null;
}

/**
 * Redeems a sign-in link on the user's click, never on load: mail scanners open links,
 * and one that signed in on opening would be used up before its owner got to it.
 */
export function SignInLinkForm({ token, continueUrl }: SignInLinkFormProps) {
  const { t } = useTranslation("account");
  const signIn = useSignInWithLink();
  const [alert, setAlert] = useState<string | null>(null);
  // The browser is leaving: keep the button busy until the next page replaces this one.
  const [leaving, setLeaving] = useState(false);

  if (signIn.isError && toApiRequestError(signIn.error).hasCode("INVALID_TOKEN")) {
    return (
      <InvalidLink
        action={{
          label: t("goToSignIn"),
          to: continueUrl ? signInUrl(continueUrl) : ACCOUNT_PAGES.signIn,
        }}
      >
        {t("signInLinkInvalid")}
      </InvalidLink>
    );
  }

  const submit = () => {
    setAlert(null);
    signIn.mutate(continueUrl ? { token, continue_url: continueUrl } : { token }, {
      onSuccess: ({ location }) => {
        setLeaving(true);
        browserLocation.assign(sameOriginTarget(location, DEFAULT_LANDING_PAGE));
      },
      onError: (error) => {
        // A second-factor dialog the user closed: the link still works, so try again.
        if (!isCancelledRequest(error)) setAlert(toApiRequestError(error).message);
      },
    });
  };

  return (
    <>
      <Text size="sm">{t("signInLinkDescription")}</Text>
      <div>
        <FormAlert message={alert} />
        <Button fullWidth onClick={submit} loading={signIn.isPending || leaving}>
          {t("signIn")}
        </Button>
      </div>
    </>
  );
}
