import { type ReactNode, useMemo } from "react";
import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications/store";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cookieColorSchemeManager } from "../lib/color-scheme";
import { useTheme } from "../lib/app-config";
import { useFirstPaintShown } from "../lib/first-paint";
import { OnceOpened, lazyPart } from "../lib/lazy-part";
import { brandedTheme } from "./theme";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
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
      <Toasts />
      {children}
    </MantineProvider>
  );
}

const ToastsContainer = lazyPart(() => import("./toasts").then((m) => m.ToastsContainer));

/**
 * The toasts' container, whose code loads once the page has shown, or when the first toast
 * is raised if that is sooner: the first page draws without it. A toast raised before it
 * has arrived waits in Mantine's store and shows when it does.
 */
function Toasts() {
  const shown = useFirstPaintShown();
  const raised = useNotifications().notifications.length > 0;
  return (
    <OnceOpened opened={shown || raised}>
      <ToastsContainer />
    </OnceOpened>
  );
}
