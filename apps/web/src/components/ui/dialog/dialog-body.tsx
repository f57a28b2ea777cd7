import { Component, createElement, type ErrorInfo, type ReactNode, Suspense } from "react";
import { Alert, Center, Loader, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { SchemaForm } from "../form/schema-form";
import { dialogComponent } from "./dialog-registry";
import type { DialogBodyProps, DialogDefinition } from "./dialog-types";
import { PromptBody } from "./prompt-body";

/** A named dialog this installation has no body for: said calmly, not as a failure. */
export function UnavailableBody() {
  const { t } = useTranslation("dialogs");
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t("unavailableTitle")}
    >
      {t("unavailable")}
    </Alert>
  );
}

function Loading() {
  const { t } = useTranslation("dialogs");
  return (
    <Center py="lg">
      <Loader size="sm" aria-label={t("loading")} />
    </Center>
  );
}

/** A body whose code could not be loaded (an outdated build) shows as unavailable. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Dialog body failed:", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <UnavailableBody /> : this.props.children;
  }
}

/**
 * The body a definition asks for (forms §3): a registered or given component, a schema
 * form, a prompt, or just its message.
 */
export function DialogBody({
  definition,
  bodyProps,
}: {
  definition: DialogDefinition;
  bodyProps: DialogBodyProps;
}) {
  const { component, form, prompt, message } = definition;
  if (component !== undefined) {
    const Body = typeof component === "string" ? dialogComponent(component) : component;
    if (!Body) return <UnavailableBody />;
    return (
      <LoadBoundary>
        <Suspense fallback={<Loading />}>
          {createElement(Body, { ...definition.props, ...bodyProps })}
        </Suspense>
      </LoadBoundary>
    );
  }
  if (form) return <SchemaForm schema={form} dialog={bodyProps} />;
  if (prompt) return <PromptBody definition={definition} {...bodyProps} />;
  return (
    <Stack gap="sm">
      {typeof message === "string" ? <Text size="sm">{message}</Text> : message}
    </Stack>
  );
}
