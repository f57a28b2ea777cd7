import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { RouterProvider } from "../../lib/router";
import { useTranslation } from "../../lib/i18n";
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
  settledSessionStart,
} from "./start-session";

type MainOutcome = StartupOutcome | { kind: "crash" };

// One router per page load: it listens to the browser's history from its creation on.
let appRouter: ReturnType<typeof createAppRouter> | undefined;

function consoleRouter() {
  return (appRouter ??= createAppRouter());
}

/**
 * The longest the entry holds the first render back for the console's first page: past it,
 * a loader shows while the page arrives.
 */
const FIRST_PAGE_PATIENCE_MS = 400;

/**
 * Called by the entry when this chunk arrives. Once the session lets the console start, the
 * router is made and loads its first page while the language may still be arriving. The
 * promise settles when that page is ready (or the session ended otherwise, or the patience
 * ran out): rendering then draws the page at once, rather than a loader for the session and
 * another for the router, each a render and a paint of its own on the way.
 */
export function prepareMainApp(queryClient: QueryClient): Promise<void> {
  const start = needsSession()
    ? sessionStart(queryClient)
    : Promise.resolve<StartupOutcome>({ kind: "app" });
  const pageReady = start.then(
    (outcome) => {
      if (outcome.kind !== "app") return;
      const router = consoleRouter();
      if (router.state.initialized) return;
      return new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
    },
    // The console's start shows what failed.
    () => undefined,
  );
  let patience: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    pageReady,
    new Promise<void>((resolve) => (patience = setTimeout(resolve, FIRST_PAGE_PATIENCE_MS))),
  ]).finally(() => clearTimeout(patience));
}

function AppRouter({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("startup");
  const router = consoleRouter();
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
    withSession ? (settledSessionStart(queryClient) ?? null) : { kind: "app" },
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
