import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router/dom";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "../../components/layout/full-page-loader";
import { MaintenanceScreen } from "../../components/screens/maintenance-screen";
import { MfaRequiredScreen } from "../../components/screens/mfa-required-screen";
import { NotInvitedScreen } from "../../components/screens/not-invited-screen";
import { EmailNotVerifiedScreen } from "../../features/account/components/email-not-verified-screen";
import { SignOutButton } from "../../features/account/components/sign-out-button";
import { appConfigQuery } from "../../lib/app-config";
import { onGlobalError, setSessionState } from "../../lib/http";
import { onMaintenanceDue } from "../../lib/maintenance-counter";
import { createAppRouter } from "../router";
import { CrashScreen } from "./crash-screen";
import { DocumentRouter } from "./document-router";
import {
  type StartUpErrorCode,
  type StartupOutcome,
  needsSession,
  noticeFor,
  sessionStart,
} from "./start-session";

type MainOutcome = StartupOutcome | { kind: "crash" };

// One router per page load: it listens to the browser's history from its creation on.
let appRouter: ReturnType<typeof createAppRouter> | undefined;

function AppRouter({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("startup");
  const router = (appRouter ??= createAppRouter());
  // RouterProvider hears the router only from its own commit on: a router that loaded its
  // first page before that would never show it. It mounts once that page is ready.
  const ready = useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => router.state.initialized,
  );
  useEffect(() => {
    if (signedIn) setSessionState("authenticated");
  }, [signedIn]);
  if (!ready) return <FullPageLoader label={t("loading")} />;
  return <RouterProvider router={router} />;
}

function NoticeScreenFor({ code, email }: { code: StartUpErrorCode; email: string | null }) {
  const { t } = useTranslation("startup");
  const signOut = <SignOutButton label={t("signOut")} />;
  const screens: Record<StartUpErrorCode, ReactNode> = {
    EMAIL_NOT_VERIFIED: <EmailNotVerifiedScreen email={email} />,
    NOT_INVITED_EXTERNAL_USER: <NotInvitedScreen email={email} actions={signOut} />,
    MFA_MANDATORY: <MfaRequiredScreen actions={signOut} />,
  };
  return <DocumentRouter>{screens[code]}</DocumentRouter>;
}

/**
 * The main application's start (shell §4 Start-up): pages without a session mount the
 * router straight away; every other page first starts the session, then mounts the router
 * or shows the screen that explains why not. While the console runs, an error code of the
 * global list (SH-ERR-001) or the maintenance counter replaces it with its screen.
 */
export function MainApp() {
  const { t } = useTranslation("startup");
  const queryClient = useQueryClient();
  const [withSession] = useState(needsSession);
  const [outcome, setOutcome] = useState<MainOutcome | null>(() =>
    withSession ? null : { kind: "app" },
  );

  useEffect(() => {
    // Pages without a session still wear the installation's branding; a failure leaves
    // the unbranded look.
    if (!withSession) void queryClient.prefetchQuery(appConfigQuery());
  }, [withSession, queryClient]);

  useEffect(() => {
    if (!withSession) return;
    let live = true;
    void sessionStart(queryClient).then(
      (result) => {
        if (live) setOutcome(result);
      },
      (error: unknown) => {
        if (live) setOutcome({ kind: "crash" });
        // A defect, not an answer of the server: it goes on to the browser's error
        // handlers and the error reporter unchanged (SH-START-008).
        throw error;
      },
    );
    return () => {
      live = false;
    };
  }, [withSession, queryClient]);

  useEffect(
    () =>
      onGlobalError((error) => {
        const notice = noticeFor(error);
        if (notice) setOutcome(notice);
      }),
    [],
  );

  useEffect(
    () =>
      onMaintenanceDue(() =>
        setOutcome((current) =>
          current?.kind === "maintenance" ? current : { kind: "maintenance", error: null },
        ),
      ),
    [],
  );

  if (outcome === null) return <FullPageLoader label={t("loading")} />;
  switch (outcome.kind) {
    case "app":
      return <AppRouter signedIn={withSession} />;
    case "signing-in":
      return <FullPageLoader label={t("signingIn")} />;
    case "notice":
      return <NoticeScreenFor code={outcome.code} email={outcome.email} />;
    case "maintenance":
      return (
        <DocumentRouter>
          <MaintenanceScreen error={outcome.error} />
        </DocumentRouter>
      );
    case "crash":
      return <CrashScreen />;
  }
}
