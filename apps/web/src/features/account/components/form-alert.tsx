import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";

/**
 * A form's error summary (or, with `success`, its outcome) inside a live region that is
 * always mounted: screen readers announce changes to a region they already know, not
 * always one inserted with its text.
 */
/** Place it outside gap-spaced stacks: empty, it must take no room. */
export function FormAlert({
  message,
  success = false,
}: {
  message: string | null;
  success?: boolean;
}) {
  return (
    <div role={success ? "status" : "alert"}>
      {message && (
        <Alert
          color={success ? "teal" : "red"}
          variant="light"
          icon={success ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
          role="presentation"
          mb="md"
        >
          {message}
        </Alert>
      )}
    </div>
  );
}
