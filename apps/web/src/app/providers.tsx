import { useMemo, type ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { Notifications, type NotificationsProps } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { TOASTS } from "@netfleet/contracts/constants";
import { cookieColorSchemeManager } from "../lib/color-scheme";
import { useTheme } from "../lib/app-config";
import { brandedTheme } from "./theme";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export type ToastPosition = (typeof TOASTS.positions)[number];
type NotificationPosition = NonNullable<NotificationsProps["position"]>;

/** The spec names toast positions as "top" and "bottom"; Mantine calls them top-center, bottom-center. */
export function toastPosition(position: ToastPosition): NotificationPosition {
  if (position === "top") return "top-center";
  if (position === "bottom") return "bottom-center";
  return position;
}

// The dark-mode choice lives in a cookie the user menu writes (shell §2, D24).
const colorSchemeManager = cookieColorSchemeManager();

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>{children}</BrandedMantine>
    </QueryClientProvider>
  );
}

/** Mantine with the installation's branding, once the app configuration has arrived. */
function BrandedMantine({ children }: { children: ReactNode }) {
  const branding = useTheme();
  const mantineTheme = useMemo(() => brandedTheme(branding), [branding]);
  return (
    <MantineProvider
      theme={mantineTheme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {/* Every toast can be closed (Mantine's default close button) and waits while hovered.
          Mantine on its own would put them bottom-right; the console shows them at the top. */}
      <Notifications
        position={toastPosition(TOASTS.mainAppPosition)}
        limit={TOASTS.maxVisible}
        autoClose={TOASTS.durationMs}
        transitionDuration={TOASTS.closeAnimationMs}
        pauseResetOnHover="all"
      />
      {children}
    </MantineProvider>
  );
}
