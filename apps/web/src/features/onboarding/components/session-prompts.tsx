import { Suspense, useEffect, useRef, useState } from "react";
import { STORAGE_KEYS } from "@netfleet/contracts/constants";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { lazyPart } from "../../../lib/lazy-part";
import { useUpdateAccountUser } from "../api/update-account-user";

// Few users are ever asked: the prompts' code (and its forms) loads for those who are.
const TermsModal = lazyPart(() => import("./terms-modal").then((m) => m.TermsModal));
const EmailPrompt = lazyPart(() => import("./email-prompt").then((m) => m.EmailPrompt));

interface SessionPromptsProps {
  user: Pick<CurrentUser, "id" | "email" | "username" | "tos_accepted">;
  theme: Pick<Theme, "default">;
  /** Called after the account changed on the server, so the current user is read again. */
  onUserChanged?: () => void;
}

function rememberSilentAcceptance(): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.tosAccepted, "true");
  } catch {
    // The server holds the acceptance; the local flag only mirrors it.
  }
}

/**
 * What the signed-in user is asked once, in this order (shell §4): the terms (a modal with
 * the default theme, recorded silently with a branded one), then a real e-mail address.
 */
export function SessionPrompts({ user, theme, onUserChanged }: SessionPromptsProps) {
  const needsTerms = !user.tos_accepted;
  const [termsDone, setTermsDone] = useState(false);
  const [emailDone, setEmailDone] = useState(false);
  const silent = useUpdateAccountUser();
  const silentStarted = useRef(false);

  // A branded installation has its own agreement with its users (SH-START-021, -022).
  const acceptSilently = needsTerms && !theme.default;
  useEffect(() => {
    if (!acceptSilently || silentStarted.current) return;
    silentStarted.current = true;
    silent.mutate(
      { tos_accepted: true },
      {
        onSuccess: () => {
          rememberSilentAcceptance();
          onUserChanged?.();
        },
      },
    );
  }, [acceptSilently, silent, onUserChanged]);

  const asksTerms = needsTerms && theme.default;
  const asksEmail = user.email === user.username;
  const showTerms = asksTerms && !termsDone;
  const showEmail = asksEmail && !emailDone && !showTerms;

  return (
    <Suspense fallback={null}>
      {asksTerms && (
        <TermsModal
          opened={showTerms}
          onAccepted={() => {
            setTermsDone(true);
            onUserChanged?.();
          }}
        />
      )}
      {asksEmail && (
        <EmailPrompt
          opened={showEmail}
          onSaved={() => {
            setEmailDone(true);
            onUserChanged?.();
          }}
        />
      )}
    </Suspense>
  );
}
