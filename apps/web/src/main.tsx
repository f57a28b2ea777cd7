import "@mantine/core/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { queryClient } from "./lib/query-client";
import { AppProviders } from "./app/providers";
import { createAppRouter } from "./app/router";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
