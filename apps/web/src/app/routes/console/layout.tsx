import { useCallback, useMemo, useState } from "react";
import { Group } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { Outlet, useLocation } from "../../../lib/router";
import { visibleNavigation } from "@netfleet/contracts/navigation";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { deriveUserFields } from "@netfleet/contracts/user-fields";
import { BreadcrumbLabelsProvider } from "../../../components/layout/breadcrumb-labels";
import { ConsoleShell } from "../../../components/layout/console-shell";
import { ErrorScreen } from "../../../components/layout/error-screen";
import { FullPageLoader } from "../../../components/layout/full-page-loader";
import { HelpPanel } from "../../../components/layout/help-panel";
import { ImpersonationBanner } from "../../../components/layout/impersonation-banner";
import { SideNav } from "../../../components/layout/side-nav";
import { useWideNav } from "../../../components/layout/use-wide-nav";
import consoleClasses from "../../../components/layout/console-shell.module.css";
import { useSignOut } from "../../../features/account/api/revoke-token";
import { useCancelImpersonation } from "../../../features/impersonation/api/cancel-impersonation";
import { useRevokeImpersonationAccess } from "../../../features/impersonation/api/revoke-impersonation-access";
import { UserMenu } from "../../../features/user-menu/components/user-menu";
import { GlobalSearch } from "../../../features/search/components/global-search";
import { NotificationsBell } from "../../../features/notifications/components/notifications-bell";
import { NoticesWidget } from "../../../features/notices/components/notices-widget";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { EmailNotVerifiedScreen } from "../../../features/account/components/email-not-verified-screen";
import { SessionPrompts } from "../../../features/onboarding/components/session-prompts";
import { currentUserQuery, useCurrentUser } from "../../../features/users/api/get-current-user";
import { useTheme } from "../../../lib/app-config";
import { transitionKey, useCurrentRoute } from "../../../lib/current-route";
import { toApiRequestError } from "../../../lib/http";
import { useGuardOutcome } from "./use-guard-outcome";

/** Console pages need the current user: until it is known nothing else renders. */
export function Component() {
  const { t } = useTranslation("startup");
  const user = useCurrentUser();

  if (user.isPending) return <FullPageLoader />;
  if (user.isError) {
    const error = toApiRequestError(user.error);
    if (error.hasCode("EMAIL_NOT_VERIFIED")) {
      const email = error.meta?.email;
      return <EmailNotVerifiedScreen email={typeof email === "string" ? email : null} />;
    }
    // The HTTP client is already taking the browser to sign-in.
    if (error.status === 401) return <FullPageLoader label={t("signingIn")} />;
    return (
      <ErrorScreen
        title={t("unavailableTitle")}
        message={error.message}
        onRetry={() => void user.refetch()}
      />
    );
  }
  return <GuardedConsole user={user.data} />;
}

function GuardedConsole({ user }: { user: CurrentUser }) {
  const outcome = useGuardOutcome(user);
  if (outcome.element) return outcome.element;
  return <Console user={user} />;
}

function Console({ user }: { user: CurrentUser }) {
  const { t: tr } = useTranslation("routes");
  const { t: tn } = useTranslation("navigation");
  const theme = useTheme();
  const { route, params } = useCurrentRoute();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [wide, toggleWide] = useWideNav();
  const [reloads, setReloads] = useState(0);
  const { signOut } = useSignOut();
  const cancelImpersonation = useCancelImpersonation();
  const revokeAccess = useRevokeImpersonationAccess();
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  const groups = useMemo(
    () =>
      visibleNavigation({ permissions: user.permissions, disabledRoutes: theme.disabled_routes }),
    [user.permissions, theme.disabled_routes],
  );

  // Clicking the link of the page already open reloads it: fresh data, fresh page state.
  const reloadCurrent = useCallback(() => {
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "users" });
    setReloads((n) => n + 1);
  }, [queryClient]);

  // The page area fades in when it is drawn anew (another device, a reload of the page), but
  // not on the page a load opens: starting transparent, its first paint waited for the fade.
  const pageKey = `${transitionKey(route, params)}:${reloads}`;
  const [firstPage] = useState(pageKey);
  const [moved, setMoved] = useState(false);
  if (!moved && pageKey !== firstPage) setMoved(true);

  const current = { routeName: route?.name ?? null, pathname };
  const impersonating = deriveUserFields(user).isImpersonating;

  return (
    <BreadcrumbLabelsProvider>
      <ConsoleShell
        theme={theme}
        wide={wide}
        onToggleWide={toggleWide}
        navbar={(isWide) => (
          <SideNav
            groups={groups}
            wide={isWide}
            current={current}
            onReloadCurrent={reloadCurrent}
          />
        )}
        banner={
          impersonating ? (
            <ImpersonationBanner
              user={user}
              onCancel={() => cancelImpersonation.mutate()}
              cancelling={cancelImpersonation.isPending || cancelImpersonation.isSuccess}
            />
          ) : undefined
        }
        headerEnd={
          <Group gap="xs" wrap="nowrap">
            <HelpPanel
              routeName={route?.name ?? null}
              pageTitle={route ? tr(route.name, { defaultValue: route.title }) : ""}
              theme={theme}
            />
            <GlobalSearch user={user} />
            <NoticesWidget routeName={route?.name ?? null} />
            <NotificationsBell user={user} />
            <UserMenu
              user={user}
              theme={theme}
              onLogout={signOut}
              onRevokeImpersonationAccess={() => setConfirmRevoke(true)}
            />
          </Group>
        }
      >
        <div key={pageKey} className={moved ? consoleClasses.page : undefined}>
          <Outlet />
        </div>
        <ConfirmModal
          opened={confirmRevoke}
          title={tn("revokeTitle")}
          confirmLabel={tn("revokeConfirm")}
          danger
          loading={revokeAccess.isPending || revokeAccess.isSuccess}
          onCancel={() => setConfirmRevoke(false)}
          onConfirm={() => revokeAccess.mutate()}
        >
          {tn("revokeText")}
        </ConfirmModal>
        <SessionPrompts
          user={user}
          theme={theme}
          onUserChanged={() =>
            void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey })
          }
        />
      </ConsoleShell>
    </BreadcrumbLabelsProvider>
  );
}
