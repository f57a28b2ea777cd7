import type { ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { TOASTS } from "@netfleet/contracts/constants";
import { theme } from "./theme";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications
        position="top-center"
        limit={TOASTS.maxVisible}
        autoClose={TOASTS.durationMs}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
