import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/**
 * A form's error summary inside a live region that is always mounted: screen readers
 * announce changes to a region they already know, not always one inserted with its text.
 */
/** Place it outside gap-spaced stacks: empty, it must take no room. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert">
      {message && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="presentation"
          mb="md"
        >
          {message}
        </Alert>
      )}
    </div>
  );
}
